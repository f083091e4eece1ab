/** The pages of the contracts feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { ContractChangeDetailPage, FilingChangeDonePage, FilingChangeTodoPage } from './change-pages';
import { ContractDetailPage } from './detail-page';
import {
  BacklogListPage,
  ConQueryDataPage,
  ContractApplyPage,
  ContractDonePage,
  ContractToDoListPage,
  DoneContractListPage,
  FilingBacklogListPage,
  FilingPage,
} from './filing-pages';
import { ContractListFlowOnePage, ContractListFlowPage, FlowProcessPage } from './flow-pages';
import { GovPurchaseTotalPage } from './gov-total-page';
import { ContractCompletePage, ContractListPage, GovContractsPage, GovPurchasePage } from './list-pages';
import { ContractTemplatePage } from './template-page';

export const pages: FeaturePages<'contracts'> = {
  'contract/ContractList': ContractListPage,
  'contract/contractDetails': ContractDetailPage,
  'contract/ContractListDetail': ContractDetailPage,
  'contract/contractCompleteList': ContractCompletePage,
  'contract/ContractTemplateList': ContractTemplatePage,
  'contract/GovContracts': GovContractsPage,
  'contract/GovPurchase': GovPurchasePage,
  'contract/GovPurchaseTotal': GovPurchaseTotalPage,
  'contract/backlogList': BacklogListPage,
  'contract/doneContractList': DoneContractListPage,
  'contract/filingbacklogList': FilingBacklogListPage,
  'contract/FilingbacklogFiling': FilingPage,
  'contract/contractToDoList': ContractToDoListPage,
  'contract/FilingCh': FilingChangeTodoPage,
  'contract/FilingChDone': FilingChangeDonePage,
  'contract/flowProcess': FlowProcessPage,
  'contract/ContractListFlow': ContractListFlowPage,
  'contract/ContractListFlowOne': ContractListFlowOnePage,
  'usercenter/contractApply': ContractApplyPage,
  'usercenter/ContractDone': ContractDonePage,
  'usercenter/conQueryData': ConQueryDataPage,
  'usercenter/ConChangeDetail': ContractChangeDetailPage,
};
