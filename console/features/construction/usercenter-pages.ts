/** The usercenter route group's construction unit pages; console/app/pages.ts merges them with the agencies'. */
import { UnitDonePage, UnitInfoPage, UnitTodoPage } from './verify-pages';

export const pages = {
  jsdwVerifyInfo: UnitInfoPage,
  jsdwVerify: UnitTodoPage,
  jsdwVerifyDone: UnitDonePage,
};
