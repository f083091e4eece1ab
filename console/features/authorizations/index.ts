/** The pages of the authorizations feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import {
  AllAuthorizationsPage,
  AuthorizationDetailPage,
  AuthorizationDonePage,
  AuthorizationTodoPage,
  DemandAuthorizationsPage,
} from './authorization-pages';
import {
  CheckPage,
  OwnerAuthChangePage,
  ProChangeDonePage,
  ProChangePage,
  ToDoAuditPage,
} from './change-pages';

export const pages: FeaturePages<'authorizations'> = {
  'checkaddaccreditation/check': CheckPage,
  'checkaddaccreditation/DemandList': AllAuthorizationsPage,
  'demandmanger/demandAuthChange': OwnerAuthChangePage,
  'notdchy/toDoList': AuthorizationTodoPage,
  'notdchy/DoneList': AuthorizationDonePage,
  'notdchy/Detials': AuthorizationDetailPage,
  'notdchy/DemandDetails': DemandAuthorizationsPage,
  'notdchy/ToDoAuditList': ToDoAuditPage,
  'usercenter/prochange': ProChangePage,
  'usercenter/proChangeDone': ProChangeDonePage,
};
