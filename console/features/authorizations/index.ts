/** The pages of the authorizations feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'authorizations'> = {
  'checkaddaccreditation/check': () => import('./change-pages').then((module) => module.CheckPage),
  'checkaddaccreditation/DemandList': () =>
    import('./authorization-pages').then((module) => module.AllAuthorizationsPage),
  'demandmanger/demandAuthChange': () =>
    import('./change-pages').then((module) => module.OwnerAuthChangePage),
  'notdchy/toDoList': () => import('./authorization-pages').then((module) => module.AuthorizationTodoPage),
  'notdchy/DoneList': () => import('./authorization-pages').then((module) => module.AuthorizationDonePage),
  'notdchy/Detials': () => import('./authorization-pages').then((module) => module.AuthorizationDetailPage),
  'notdchy/DemandDetails': () =>
    import('./authorization-pages').then((module) => module.DemandAuthorizationsPage),
  'notdchy/ToDoAuditList': () => import('./change-pages').then((module) => module.ToDoAuditPage),
  'usercenter/prochange': () => import('./change-pages').then((module) => module.ProChangePage),
  'usercenter/proChangeDone': () => import('./change-pages').then((module) => module.ProChangeDonePage),
};
