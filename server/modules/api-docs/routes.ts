/**
 * `GET /api-docs/openapi.json`: the OpenAPI 3.1 document generated from the contracts, and
 * `GET /api-docs`: the same as a browsable page, rendered here without scripts (no CDN: the service
 * runs on closed government networks). Public: descriptions are not secrets, every call checks access.
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '@server/app-context';
import { allCalls } from '@shared/contracts';
import { openApiDocument } from '@shared/contracts/openapi';
import { renderApiReference } from './reference-page';

export const API_DOCS_PATH = '/api-docs';

export function createApiDocsRoutes(ctx: AppContext): Hono<AppEnv> {
  let document: Record<string, unknown> | undefined;
  let page: string | undefined;
  const built = () =>
    (document ??= openApiDocument(allCalls, ctx.config.apiBases, {
      title: '测绘中介服务网上办事大厅 API',
      version: '1',
      description:
        '多测合一网上办事大厅的接口。每个接口的 x-roles 列出允许调用的角色编号（public：公开；signed-in：任何已登录用户）；数据归属（如中介机构只能看到自己的合同）由服务端另行校验。',
    }));
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(built());
    })
    .get('/', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html((page ??= renderApiReference(built())));
    });
}
