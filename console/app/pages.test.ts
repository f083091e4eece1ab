import { describe, expect, it } from 'vitest';
import { routes } from '@shared/domain/routes';
import { consolePages, featuresOf, routeId } from '@shared/domain/console-pages';
import { builtRouteFor, pageRegistry } from './pages';

describe('pageRegistry', () => {
  const entries = Object.entries(pageRegistry);

  it('lists only console routes of the route table', () => {
    for (const [feature, entry] of entries) {
      for (const id of entry.pages) {
        const route = routes.find((candidate) => routeId(candidate) === id);
        expect(route, `${feature}: ${id}`).toBeDefined();
        expect(route?.surface).toBe('console');
      }
    }
  });

  it('has a module for every feature of the built pages list, and no other', () => {
    expect(Object.keys(pageRegistry).sort()).toEqual(Object.keys(consolePages).sort());
  });

  it('agrees with what each feature module exports', async () => {
    for (const [feature, entry] of entries) {
      const module = await entry.load();
      expect(Object.keys(module.pages).sort(), feature).toEqual([...entry.pages].sort());
      for (const [id, load] of Object.entries(module.pages))
        expect(typeof (await load()), `${feature}: ${id}`).toBe('function');
    }
  });

  it('shows a route built by two features as both parts, in the list order', () => {
    const todo = routes.find((route) => routeId(route) === 'notdchy/toDoList');
    expect(todo && featuresOf(todo)).toEqual(['authorizations', 'offline']);
    const time = routes.find((route) => routeId(route) === 'task/time');
    expect(time && featuresOf(time)).toEqual(['jobs', 'deadlines']);
  });

  it('finds the built route of a path or href', () => {
    expect(builtRouteFor('/noticemanger/statistical?from=menu')?.name).toBe('statistical');
    // Every console route is built or being built: a built list without 三维展示 stands for an unbuilt one.
    const without3d = { electronics: { pages: ['electronics/CaseList'] } };
    expect(builtRouteFor('/electronics/ThreeDimensional', without3d)).toBeUndefined();
    expect(builtRouteFor('/electronics/CaseList', without3d)?.name).toBe('CaseList');
    expect(builtRouteFor('/hall/home')).toBeUndefined();
    expect(builtRouteFor('/')).toBeUndefined();
    expect(builtRouteFor(undefined)).toBeUndefined();
  });
});
