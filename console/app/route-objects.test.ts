import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '@shared/domain/routes';
import type { PageRegistry } from './pages';
import { buildRouteObjects, isConsoleRouteHandle } from './route-objects';

function Placeholder() {
  return null;
}

describe('buildRouteObjects', () => {
  let loads = 0;
  const registry: PageRegistry = {
    contract: {
      load: async () => {
        loads += 1;
        return { pages: { ContractList: Placeholder, backlogList: Placeholder } };
      },
      pages: ['ContractList', 'backlogList'],
    },
    // A hall route name listed by mistake never becomes a console route.
    hall: { load: async () => ({ pages: {} }), pages: ['home'] },
  };
  const objects = buildRouteObjects(routes, registry);

  it('routes only the registered console pages', () => {
    expect(objects.map((route) => route.path)).toEqual(['/contract/ContractList', '/contract/backlogList']);
    expect(buildRouteObjects(routes, {})).toEqual([]);
  });

  it('marks keep-alive routes in the handle', () => {
    const handles = objects.map((route) => route.handle as unknown);
    expect(handles.every(isConsoleRouteHandle)).toBe(true);
    const byPath = Object.fromEntries(objects.map((route) => [route.path, route.handle]));
    expect(byPath['/contract/ContractList']).toMatchObject({
      keepAlive: true,
      route: { name: 'ContractList' },
    });
    expect(byPath['/contract/backlogList']).toMatchObject({ keepAlive: false });
  });

  it('loads every page of a group from the group module', async () => {
    const lazy = objects.map((route) => route.lazy as () => Promise<{ Component?: unknown }>);
    const resolved = await Promise.all(lazy.map((load) => load()));
    expect(resolved.map((result) => result.Component)).toEqual([Placeholder, Placeholder]);
    expect(loads).toBe(2);
  });

  it('fails clearly when the group module lacks a registered page', async () => {
    const table: RouteDef[] = routes.filter((route) => route.name === 'ContractTemplateList');
    const [broken] = buildRouteObjects(table, {
      contract: { load: async () => ({ pages: {} }), pages: ['ContractTemplateList'] },
    });
    await expect((broken?.lazy as () => Promise<unknown>)()).rejects.toThrow(/ContractTemplateList/);
  });
});
