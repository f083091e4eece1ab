/** The usercenter route group's contract pages; console/app/pages.ts merges them with the others. */
import { ContractChangeDetailPage } from './change-pages';

export const pages = {
  ConChangeDetail: ContractChangeDetailPage,
};
