import { expect, test, type Page } from '@playwright/test';
import { isRouteBuilt } from '@shared/domain/console-pages';
import { routes } from '@shared/domain/routes';
import { signInThroughDialog } from './fixtures/identity';
import { openInApp } from './fixtures/console';
import { muteNoticeDialog } from './fixtures/hall';

/**
 * Issue 11, finding 4: every hall page and every built console route runs under the
 * Content-Security-Policy without a single violation (an inline script without its hash, zod's
 * `new Function` probe, a style or image from elsewhere would each show up here).
 */

/** Every hall page (hall/pages), with real ids where a page shows one record. */
function hallPages(noticeId: number, agencyId: number): string[] {
  return [
    '/',
    '/hall/home',
    '/admin',
    '/projectPosition/position',
    '/guide/message/0',
    '/guide/message/1',
    `/guide/messageDetails?id=${noticeId}`,
    '/guide/matter/0',
    '/guide/workPlace',
    '/demand/demandQuery',
    '/demand/demandDetails',
    '/demand/progressQuery1',
    '/intermediaryhall/orgselect',
    `/intermediaryhall/orgdetail?id=${agencyId}`,
    '/downLoad/servicelist',
    '/centerLoding',
    '/hall/feedback',
    '/certificate/verify',
    '/intermediaryhall/creditrule',
    '/login',
    '/403',
    '/no/such/page',
  ];
}

/** Every built console route of the route table, parameters filled with real values. */
function consolePages(noticeId: number): string[] {
  return routes
    .filter((route) => route.surface === 'console' && isRouteBuilt(route))
    .flatMap((route) =>
      route.path.includes(':noticeid')
        ? [route.path.replace(':noticeid', String(noticeId)), route.path.replace(':noticeid', 'add')]
        : [route.path.replace(':type', '0')],
    );
}

/** Collects violations: the DOM event (page script) and Chromium's console report (all others). */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  return violations;
}

async function visitAll(page: Page, paths: readonly string[], violations: string[]): Promise<void> {
  for (const path of paths) {
    const before = violations.length;
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(violations.slice(before), `CSP violations on ${path}`).toEqual([]);
  }
}

async function realIds(page: Page): Promise<{ noticeId: number; agencyId: number }> {
  const notices = (await (await page.request.get('/oa/oanotices/getOaNotices?rows=1')).json()) as {
    rows: { pkid: number }[];
  };
  const agencies = (await (await page.request.get('/smsend/agentorg/query?rows=1')).json()) as {
    rows: { organizationId: number }[];
  };
  return { noticeId: notices.rows[0]!.pkid, agencyId: agencies.rows[0]!.organizationId };
}

test('the security headers come with pages, files, calls and cache hits', async ({ request }) => {
  for (const path of ['/hall/home', '/hall/home', '/entry-rules.js', '/oa/oanotices/getOaNotices?rows=1']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self' 'sha256-");
    expect(headers['content-security-policy'], path).not.toMatch(/script-src[^;]*unsafe-/);
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    // The e2e server is plain HTTP without a trusted proxy: no HSTS.
    expect(headers['strict-transport-security'], path).toBeUndefined();
  }
});

test('no CSP violation on any hall page, signed out and signed in', async ({ page }) => {
  test.setTimeout(180_000);
  await muteNoticeDialog(page);
  const violations = await recordViolations(page);
  const { noticeId, agencyId } = await realIds(page);
  await visitAll(page, hallPages(noticeId, agencyId), violations);
  await page.goto('/');
  await signInThroughDialog(page, 'admin');
  await visitAll(page, hallPages(noticeId, agencyId), violations);
});

test('no CSP violation on any built console route', async ({ page }) => {
  test.setTimeout(180_000);
  await muteNoticeDialog(page);
  const violations = await recordViolations(page);
  const { noticeId } = await realIds(page);
  await page.goto('/');
  await signInThroughDialog(page, 'admin');
  const [first, ...rest] = consolePages(noticeId);
  expect(rest.length).toBeGreaterThan(5);
  // The first route loads the console's document; the others open inside it as a person clicking
  // through would (each page's code and data run under that document's policy).
  await visitAll(page, [first!], violations);
  for (const path of rest) {
    const before = violations.length;
    await openInApp(page, path);
    expect(violations.slice(before), `CSP violations on ${path}`).toEqual([]);
  }
});
