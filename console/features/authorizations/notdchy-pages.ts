/** The notdchy route group's pages (authorizations): one lazy chunk, registered in console/app/pages.ts. */
import {
  AuthorizationDetailPage,
  AuthorizationDonePage,
  AuthorizationTodoPage,
  DemandAuthorizationsPage,
} from './authorization-pages';
import { ToDoAuditPage } from './change-pages';

export const pages = {
  toDoList: AuthorizationTodoPage,
  DoneList: AuthorizationDonePage,
  Detials: AuthorizationDetailPage,
  DemandDetails: DemandAuthorizationsPage,
  ToDoAuditList: ToDoAuditPage,
};
