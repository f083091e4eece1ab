import type { ReactElement } from 'react';
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
    contracts: {
      load: async () => {
        loads += 1;
        return {
          pages: {
            'contract/ContractList': async () => Placeholder,
            'contract/backlogList': async () => Placeholder,
          },
        };
      },
      pages: ['contract/ContractList', 'contract/backlogList'],
    },
    // A hall route listed by mistake never becomes a console route.
    hall: { load: async () => ({ pages: {} }), pages: ['hall/home'] },
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

  it('loads every page of a feature from the feature module', async () => {
    const lazy = objects.map((route) => route.lazy as () => Promise<{ Component?: unknown }>);
    const resolved = await Promise.all(lazy.map((load) => load()));
    expect(resolved.map((result) => result.Component)).toEqual([Placeholder, Placeholder]);
    expect(loads).toBe(2);
  });

  it('fails clearly when the feature module lacks a registered page', async () => {
    const table: RouteDef[] = routes.filter((route) => route.name === 'ContractTemplateList');
    const [broken] = buildRouteObjects(table, {
      contracts: { load: async () => ({ pages: {} }), pages: ['contract/ContractTemplateList'] },
    });
    await expect((broken?.lazy as () => Promise<unknown>)()).rejects.toThrow(/ContractTemplateList/);
  });

  it('shows the parts of every feature that builds a route, one after the other', async () => {
    const table: RouteDef[] = routes.filter((route) => route.path === '/task/time');
    function Jobs() {
      return null;
    }
    function Deadlines() {
      return null;
    }
    const [time] = buildRouteObjects(table, {
      jobs: { load: async () => ({ pages: { 'task/time': async () => Jobs } }), pages: ['task/time'] },
      deadlines: {
        load: async () => ({ pages: { 'task/time': async () => Deadlines } }),
        pages: ['task/time'],
      },
    });
    const { Component } = await (time?.lazy as () => Promise<{ Component: () => ReactElement }>)();
    const parts = Component().props as { children: ReactElement[] };
    expect(parts.children.map((part) => part.type)).toEqual([Jobs, Deadlines]);
  });
});
