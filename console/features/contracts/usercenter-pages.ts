/** The contract pages of the user centre (/usercenter; issue 14), registered in console/app/pages.ts. */
import { ContractChangeDetailPage } from './change-pages';
import { ConQueryDataPage, ContractApplyPage, ContractDonePage } from './filing-pages';

export const pages = {
  contractApply: ContractApplyPage,
  ContractDone: ContractDonePage,
  conQueryData: ConQueryDataPage,
  ConChangeDetail: ContractChangeDetailPage,
};
