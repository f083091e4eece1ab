import { describe, expect, it } from 'vitest';
import { routeGroups, routes, type RouteGroupId } from '@shared/domain/routes';
import { builtConsolePages } from '@shared/domain/console-pages';
import { builtRouteFor, pageRegistry } from './pages';

describe('pageRegistry', () => {
  const entries = Object.entries(pageRegistry) as [
    RouteGroupId,
    NonNullable<(typeof pageRegistry)[RouteGroupId]>,
  ][];

  it('lists only console routes of the route table', () => {
    for (const [group, entry] of entries) {
      expect(Object.hasOwn(routeGroups, group)).toBe(true);
      for (const name of entry.pages) {
        const route = routes.find((candidate) => candidate.group === group && candidate.name === name);
        expect(route, `${group}/${name}`).toBeDefined();
        expect(route?.surface).toBe('console');
      }
    }
  });

  it('has a module for every group of the built pages list, and no other', () => {
    expect(Object.keys(pageRegistry).sort()).toEqual(Object.keys(builtConsolePages).sort());
  });

  it('agrees with what each group module exports', async () => {
    for (const [group, entry] of entries) {
      const module = await entry.load();
      expect(Object.keys(module.pages).sort(), group).toEqual([...entry.pages].sort());
    }
  });

  it('finds the built route of a path or href', () => {
    expect(builtRouteFor('/noticemanger/statistical?from=menu')?.name).toBe('statistical');
    expect(builtRouteFor('/noticemanger/mapStatistical')).toBeUndefined();
    expect(builtRouteFor('/hall/home')).toBeUndefined();
    expect(builtRouteFor('/')).toBeUndefined();
    expect(builtRouteFor(undefined)).toBeUndefined();
  });
});
