/** The /notdchy pages of survey cases (issue 13, offline-and-cases slice). */
import { CaseAddPage, CaseDetailPage, CaseTodoSection } from './case-pages';

export const pages = { CaseAdd: CaseAddPage, CaseDetail: CaseDetailPage };

/** Shown below the agency's offers on /notdchy/toDoList (composed in console/app/pages.ts). */
export { CaseTodoSection };
