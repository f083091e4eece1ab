/**
 * The console's page registry: which routes of the route table (shared/domain/routes.ts) have a
 * working page, and where its code is. One entry per route group; the group's module is one lazily
 * loaded chunk holding every page of that group.
 *
 * Only built routes are routed, and the left menu hides the rest: we ship no "under construction"
 * pages. To add a page, export it from the group's module (`pages`) and list its route name in
 * shared/domain/console-pages.ts; pages.test.ts checks the two agree.
 */
import { createElement, Fragment, type ComponentType } from 'react';
import { builtConsolePages } from '@shared/domain/console-pages';
import type { RouteGroupId } from '@shared/domain/routes';

/** What a group module (console/features/<group>/index.ts) exports. */
export interface PageModule {
  /** Page components by route name. */
  pages: Readonly<Record<string, ComponentType>>;
}

export interface PageGroupEntry {
  load: () => Promise<PageModule>;
  /** Route names of the group whose pages are built. */
  pages: readonly string[];
}

export type PageRegistry = Readonly<Partial<Record<RouteGroupId, PageGroupEntry>>>;

export const pageRegistry: PageRegistry = {
  noticemanger: { ...builtConsolePages.noticemanger, load: () => import('@console/features/notices') },
  downLoad: { ...builtConsolePages.downLoad, load: () => import('@console/features/downloads') },
  system: { ...builtConsolePages.system, load: () => import('@console/features/system') },
  task: { ...builtConsolePages.task, load: () => import('@console/features/task') },
  evaluatemanger: {
    ...builtConsolePages.evaluatemanger,
    load: () => import('@console/features/satisfaction'),
  },
  orgstaff: { ...builtConsolePages.orgstaff, load: () => import('@console/features/orgstaff') },
  credit: { ...builtConsolePages.credit, load: () => import('@console/features/credit') },
  blacklist: { ...builtConsolePages.blacklist, load: () => import('@console/features/credit/blacklist') },
  personnelblacklist: {
    ...builtConsolePages.personnelblacklist,
    load: () => import('@console/features/credit/personnel'),
  },
  intermediary: {
    ...builtConsolePages.intermediary,
    load: () => import('@console/features/agencies/intermediary-pages'),
  },
  construction: { ...builtConsolePages.construction, load: () => import('@console/features/construction') },
  contract: { ...builtConsolePages.contract, load: () => import('@console/features/contracts') },
  demandmanger: {
    ...builtConsolePages.demandmanger,
    // The group's pages come from three features (demands, selection, authorizations): one chunk each.
    load: async () => {
      const [demands, selection, authorizations] = await Promise.all([
        import('@console/features/demands'),
        import('@console/features/selection/demandmanger-pages'),
        import('@console/features/authorizations/demandmanger-pages'),
      ]);
      return { pages: { ...demands.pages, ...selection.pages, ...authorizations.pages } };
    },
  },
  dataExchangeSystem: {
    ...builtConsolePages.dataExchangeSystem,
    load: () => import('@console/features/docking'),
  },
  audituser: { ...builtConsolePages.audituser, load: () => import('@console/features/audituser') },
  notdchy: {
    ...builtConsolePages.notdchy,
    // Authorizations (the agency's offers), selection (its quotes), cases and the owner's release
    // list (demands): one chunk each. The agency's to-do shows the offers, then the cases to open.
    load: async () => {
      const [authorizations, selection, cases, demands] = await Promise.all([
        import('@console/features/authorizations/notdchy-pages'),
        import('@console/features/selection/notdchy-pages'),
        import('@console/features/cases/notdchy-pages'),
        import('@console/features/demands/notdchy-pages'),
      ]);
      const Offers = authorizations.pages.toDoList;
      const toDoList = () =>
        createElement(Fragment, null, createElement(Offers), createElement(cases.CaseTodoSection));
      return {
        pages: { ...authorizations.pages, ...selection.pages, ...cases.pages, ...demands.pages, toDoList },
      };
    },
  },
  // Ours so far in the workflow group: offline projects (issue 13).
  workflow: { ...builtConsolePages.workflow, load: () => import('@console/features/offline') },
  checkaddaccreditation: {
    ...builtConsolePages.checkaddaccreditation,
    load: () => import('@console/features/authorizations/checkaddaccreditation-pages'),
  },
  usercenter: {
    ...builtConsolePages.usercenter,
    // The group's pages come from four features (agencies, construction units, authorization changes,
    // contract applications, contract filing changes).
    load: async () => {
      const [agencies, units, changes, contracts] = await Promise.all([
        import('@console/features/agencies/usercenter-pages'),
        import('@console/features/construction/usercenter-pages'),
        import('@console/features/authorizations/usercenter-pages'),
        import('@console/features/contracts/usercenter-pages'),
      ]);
      return { pages: { ...agencies.pages, ...units.pages, ...changes.pages, ...contracts.pages } };
    },
  },
};

export { builtRouteFor, isRouteBuilt } from '@shared/domain/console-pages';
