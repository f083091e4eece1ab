/**
 * The OpenAPI document is what is mounted: every call route of the app is in the document with the
 * same method and path, every documented operation is mounted, and each operation carries what
 * integrators rely on (operationId, Chinese summary, x-roles, the answer's schema).
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import type { AppEnv } from '@server/app-context';
import { createApp } from '@server/app';
import { honoPath } from '@server/lib/calls';
import { createTestContext, type TestContext } from '@server/test/test-context';
import { declaredCalls } from '@server/call-modules';
import { roleIds } from '@shared/domain/roles';
import { API_DOCS_PATH } from './routes';

let ctx: TestContext;
let app: Hono<AppEnv>;

beforeAll(async () => {
  ctx = await createTestContext();
  app = createApp(ctx);
});
afterAll(() => ctx.dispose());

type Operation = Record<string, unknown> & { operationId: string; 'x-roles': string[] };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/**
 * The document of the declared calls: the data interfaces' own paths (`x-interface`, one per interface
 * defined in the database, mounted as `api/getQuery/{interfaceCode}`) are data, tested with them
 * (server/modules/interfaces/routes.test.ts).
 */
async function loadDocument(): Promise<Document> {
  const response = await app.request(`${API_DOCS_PATH}/openapi.json`);
  expect(response.status).toBe(200);
  const document = (await response.json()) as Document;
  const paths = Object.entries(document.paths).filter(
    ([, item]) => !Object.values(item).some((operation) => 'x-interface' in operation),
  );
  return { ...document, paths: Object.fromEntries(paths) };
}

/** 'GET /smsend/download/file/:id' for a documented path ('/smsend/download/file/{id}'). */
function routeKey(method: string, documentedPath: string): string {
  return `${method.toUpperCase()} ${honoPath(documentedPath.slice(1))}`;
}

/** The app's own routes that are no API calls: health, the docs themselves. */
const notCalls = new Set(['/healthz', '/readyz', API_DOCS_PATH, `${API_DOCS_PATH}/openapi.json`]);

function mountedCallRoutes(): Set<string> {
  const keys = new Set<string>();
  for (const route of app.routes) {
    // Middlewares (app.use) are registered as ALL on '*' or a prefix; they are no calls.
    if (route.method === 'ALL' || route.path.endsWith('*') || notCalls.has(route.path)) continue;
    keys.add(`${route.method} ${route.path}`);
  }
  return keys;
}

describe('GET /api-docs/openapi.json', () => {
  it('documents exactly the mounted calls', async () => {
    const document = await loadDocument();
    expect(document.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item)) documented.add(routeKey(method, path));
    }
    const mounted = mountedCallRoutes();
    expect([...mounted].filter((key) => !documented.has(key)).sort()).toEqual([]);
    expect([...documented].filter((key) => !mounted.has(key)).sort()).toEqual([]);
  });

  it('gives every operation an id, a Chinese summary, its roles and its answer', async () => {
    const document = await loadDocument();
    const ids = new Set<string>();
    const known = new Set<string>(['public', 'signed-in', ...roleIds]);
    for (const item of Object.values(document.paths)) {
      for (const operation of Object.values(item)) {
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        expect(operation.summary, operation.operationId).toMatch(/[\u4e00-\u9fff]/);
        expect(operation['x-roles'].length, operation.operationId).toBeGreaterThan(0);
        expect(
          operation['x-roles'].every((role) => known.has(role)),
          operation.operationId,
        ).toBe(true);
        const ok = (operation.responses as Record<string, { content?: object }>)['200'];
        expect(ok?.content, operation.operationId).toBeDefined();
      }
    }
    const declared = declaredCalls.flatMap((domain) => Object.values(domain));
    for (const call of declared) expect(ids.has(call.operationId), call.operationId).toBe(true);
  });

  it('lists the roles of a restricted call and marks public and signed-in ones', async () => {
    const document = await loadDocument();
    const byId = new Map(
      Object.values(document.paths)
        .flatMap((item) => Object.values(item))
        .map((operation) => [operation.operationId, operation]),
    );
    expect(byId.get('notices.list')?.['x-roles']).toEqual(['public']);
    expect(byId.get('messages.list')?.['x-roles']).toEqual(['signed-in']);
    expect(byId.get('messages.send')?.['x-roles']).toEqual(['1']);
    expect(byId.get('notices.add')?.['x-roles']).toContain('1');
  });

  /**
   * The operations as published (method, path, operation id, roles), one a line, sorted. A call added,
   * removed, moved or given other roles is a change of this file, made on purpose in the same commit:
   * moving code around (issue 20) must leave it as it is.
   */
  it('publishes exactly the operations of operations.txt', async () => {
    const document = await loadDocument();
    const lines: string[] = [];
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item))
        lines.push(
          `${method.toUpperCase()} ${path} ${operation.operationId} ${operation['x-roles'].join(',')}`,
        );
    const published = fs.readFileSync(new URL('./operations.txt', import.meta.url), 'utf8');
    expect(lines.sort()).toEqual(published.trimEnd().split('\n'));
  });

  it('serves a browsable reference without scripts', async () => {
    const response = await app.request(API_DOCS_PATH);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('分页查询我的消息');
    expect(html).toContain('/smsend/project/message/query');
    expect(html).not.toMatch(/<script/i);
  });
});
