/** The pages of the contracts feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'contracts'> = {
  'contract/ContractList': () => import('./list-pages').then((module) => module.ContractListPage),
  'contract/contractDetails': () => import('./detail-page').then((module) => module.ContractDetailPage),
  'contract/ContractListDetail': () => import('./detail-page').then((module) => module.ContractDetailPage),
  'contract/contractCompleteList': () => import('./list-pages').then((module) => module.ContractCompletePage),
  'contract/ContractTemplateList': () =>
    import('./template-page').then((module) => module.ContractTemplatePage),
  'contract/GovContracts': () => import('./list-pages').then((module) => module.GovContractsPage),
  'contract/GovPurchase': () => import('./list-pages').then((module) => module.GovPurchasePage),
  'contract/GovPurchaseTotal': () => import('./gov-total-page').then((module) => module.GovPurchaseTotalPage),
  'contract/backlogList': () => import('./filing-pages').then((module) => module.BacklogListPage),
  'contract/doneContractList': () => import('./filing-pages').then((module) => module.DoneContractListPage),
  'contract/filingbacklogList': () => import('./filing-pages').then((module) => module.FilingBacklogListPage),
  'contract/FilingbacklogFiling': () => import('./filing-pages').then((module) => module.FilingPage),
  'contract/contractToDoList': () => import('./filing-pages').then((module) => module.ContractToDoListPage),
  'contract/FilingCh': () => import('./change-pages').then((module) => module.FilingChangeTodoPage),
  'contract/FilingChDone': () => import('./change-pages').then((module) => module.FilingChangeDonePage),
  'contract/flowProcess': () => import('./flow-pages').then((module) => module.FlowProcessPage),
  'contract/ContractListFlow': () => import('./flow-pages').then((module) => module.ContractListFlowPage),
  'contract/ContractListFlowOne': () =>
    import('./flow-pages').then((module) => module.ContractListFlowOnePage),
  'usercenter/contractApply': () => import('./filing-pages').then((module) => module.ContractApplyPage),
  'usercenter/ContractDone': () => import('./filing-pages').then((module) => module.ContractDonePage),
  'usercenter/conQueryData': () => import('./filing-pages').then((module) => module.ConQueryDataPage),
  'usercenter/ConChangeDetail': () =>
    import('./change-pages').then((module) => module.ContractChangeDetailPage),
};
