import { expect, test, type Page } from '@playwright/test';
import { isRouteBuilt } from '@shared/domain/console-pages';
import { roles, type RoleId } from '@shared/domain/roles';
import { routes, type RouteDef } from '@shared/domain/routes';
import { accessibilityViolations } from './fixtures/a11y';
import { openInApp } from './fixtures/console';
import { signInToConsole } from './fixtures/identity';

/**
 * axe (WCAG 2.2 AA) over every console page of the route table (issue 21), each opened by a demo
 * account whose role owns it (README, demo accounts), at 1366 and at 390 px.
 */
const accountOf: Record<RoleId, string> = {
  [roles.admin.id]: 'admin',
  [roles.owner.id]: 'owner01',
  [roles.agency.id]: 'agency01',
  [roles.staff.id]: 'staff01',
  [roles.authority.id]: 'authority01',
  [roles.auditor.id]: 'auditor01',
  [roles.district.id]: 'district01',
  [roles.sharing.id]: 'share01',
};

/** The account a route is checked with: its first role other than the administrator, else admin. */
function ownerOf(route: RouteDef): string {
  const role =
    route.roles?.find((id) => id !== roles.admin.id) ?? (route.roles ? roles.admin.id : roles.owner.id);
  return accountOf[role];
}

const consoleRoutes = routes.filter((route) => route.surface === 'console' && isRouteBuilt(route));
const hrefOf = (route: RouteDef) => route.path.replace(/:[A-Za-z]+/g, '0');

/** The pages an account checks: those its role owns, or (`shared`) those it shares with an earlier role. */
function pagesOf(account: string, shared: boolean): RouteDef[] {
  return consoleRoutes.filter((route) =>
    shared
      ? ownerOf(route) !== account &&
        route.roles?.some((id) => accountOf[id] === account && id !== roles.admin.id)
      : ownerOf(route) === account,
  );
}

async function checkPages(page: Page, account: string, pages: readonly RouteDef[], width: number) {
  await signInToConsole(page, account, hrefOf(pages[0]!));
  await page.setViewportSize({ width, height: width === 390 ? 844 : 768 });
  const violations: string[] = [];
  for (const route of pages) {
    await openInApp(page, hrefOf(route));
    for (const line of await accessibilityViolations(page))
      violations.push(`${width}px ${route.path}: ${line}`);
  }
  expect(violations).toEqual([]);
}

/**
 * One test per account, width and group of pages, so the runner spreads them over its workers and no
 * test grows past its timeout as an account gains pages (owner01's 49 pages at both widths, in one
 * test, took over 5 minutes in CI: about 4 s a page).
 */
const WIDTHS = [1366, 390] as const;
const PAGES_PER_TEST = 20;

function checkInGroups(account: string, pages: readonly RouteDef[], what: string) {
  for (let from = 0; from < pages.length; from += PAGES_PER_TEST) {
    const group = pages.slice(from, from + PAGES_PER_TEST);
    const range = `${from + 1}–${from + group.length} of the ${pages.length} console pages`;
    for (const width of WIDTHS)
      test(`axe: ${range} ${account} ${what}, at ${width} px`, async ({ page }) => {
        test.setTimeout(300_000);
        await checkPages(page, account, group, width);
      });
  }
}

for (const account of Object.values(accountOf)) checkInGroups(account, pagesOf(account, false), 'owns');

// A page open to several roles shows each its own data (an agency's contract application is not an
// owner's): the agency, whose pages differ most from the owner's, checks the pages it shares too.
checkInGroups('agency01', pagesOf('agency01', true), 'shares with other roles');
