/** The contract route group's pages (/contract; issue 14), registered in console/app/pages.ts. */
import { FilingChangeDonePage, FilingChangeTodoPage } from './change-pages';
import { ContractDetailPage } from './detail-page';
import {
  BacklogListPage,
  ContractToDoListPage,
  DoneContractListPage,
  FilingBacklogListPage,
  FilingPage,
} from './filing-pages';
import { ContractListFlowOnePage, ContractListFlowPage, FlowProcessPage } from './flow-pages';
import { GovPurchaseTotalPage } from './gov-total-page';
import { ContractCompletePage, ContractListPage, GovContractsPage, GovPurchasePage } from './list-pages';
import { ContractTemplatePage } from './template-page';

export const pages = {
  ContractList: ContractListPage,
  contractDetails: ContractDetailPage,
  ContractListDetail: ContractDetailPage,
  contractCompleteList: ContractCompletePage,
  ContractTemplateList: ContractTemplatePage,
  GovContracts: GovContractsPage,
  GovPurchase: GovPurchasePage,
  GovPurchaseTotal: GovPurchaseTotalPage,
  backlogList: BacklogListPage,
  doneContractList: DoneContractListPage,
  filingbacklogList: FilingBacklogListPage,
  FilingbacklogFiling: FilingPage,
  contractToDoList: ContractToDoListPage,
  FilingCh: FilingChangeTodoPage,
  FilingChDone: FilingChangeDonePage,
  flowProcess: FlowProcessPage,
  ContractListFlow: ContractListFlowPage,
  ContractListFlowOne: ContractListFlowOnePage,
};
