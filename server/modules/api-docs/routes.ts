/**
 * `GET /api-docs/openapi.json`: the OpenAPI 3.1 document generated from the calls, and
 * `GET /api-docs`: the same as a browsable page, rendered here without scripts (no CDN: the service
 * runs on closed government networks). Public: descriptions are not secrets, every call checks access.
 *
 * Parts that live in the database (the data interfaces' own paths, server/modules/interfaces) are
 * added on each request by the `extensions` the composition root hands over.
 */
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '@server/app-context';
import type { ApiCall } from '@shared/calls/define';
import { openApiDocument } from '@shared/calls/openapi';
import { renderApiReference } from './reference-page';

export const API_DOCS_PATH = '/api-docs';

type JsonObject = Record<string, unknown>;

/** Paths and security schemes a module adds to the document. */
export interface ApiDocsExtension {
  paths: Record<string, JsonObject>;
  securitySchemes?: Record<string, JsonObject>;
}

/** `calls`: every declared call, by domain (the composition root's list, server/call-modules.ts). */
export function createApiDocsRoutes(
  ctx: AppContext,
  calls: readonly Readonly<Record<string, ApiCall>>[],
  extensions: readonly (() => Promise<ApiDocsExtension>)[] = [],
): Hono<AppEnv> {
  let document: JsonObject | undefined;
  const base = () =>
    (document ??= openApiDocument(calls, ctx.config.apiBases, {
      title: '测绘中介服务网上办事大厅 API',
      version: '1',
      description:
        '多测合一网上办事大厅的接口。每个接口的 x-roles 列出允许调用的角色编号（public：公开；signed-in：任何已登录用户）；数据归属（如中介机构只能看到自己的合同）由服务端另行校验。数据共享接口（x-interface）以接入系统的密钥调用。',
    }));
  const built = async (): Promise<JsonObject> => {
    const parts = await Promise.all(extensions.map((extension) => extension()));
    if (parts.length === 0) return base();
    const whole = base() as { paths: JsonObject; components: JsonObject; tags: { name: string }[] };
    const paths = { ...whole.paths };
    const securitySchemes: JsonObject = {};
    for (const part of parts) {
      Object.assign(paths, part.paths);
      Object.assign(securitySchemes, part.securitySchemes ?? {});
    }
    return {
      ...whole,
      paths,
      components: {
        ...whole.components,
        ...(Object.keys(securitySchemes).length ? { securitySchemes } : {}),
      },
    };
  };
  return new Hono<AppEnv>()
    .get('/openapi.json', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(await built());
    })
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.html(renderApiReference(await built()));
    });
}
