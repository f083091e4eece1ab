import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '@shared/domain/routes';
import { hallNav, isNavItemActive, type HallNavItem } from './nav';

const pagesDir = fileURLToPath(new URL('../pages', import.meta.url));

/** The Astro page file serving `href`, ignoring catch-all routes (those answer any path). */
function pageFileFor(href: string): string | undefined {
  const segments = href.split('/').filter(Boolean);
  if (segments.length === 0)
    return fs.existsSync(path.join(pagesDir, 'index.astro')) ? 'index.astro' : undefined;
  let dir = pagesDir;
  for (const [index, segment] of segments.entries()) {
    const entries = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const isParam = (name: string) => /^\[[^.\]][^\]]*\](\.astro)?$/.test(name);
    if (index === segments.length - 1) {
      const file =
        entries.find((name) => name === `${segment}.astro`) ??
        (entries.includes(segment) && fs.existsSync(path.join(dir, segment, 'index.astro'))
          ? `${segment}/index.astro`
          : undefined) ??
        entries.find((name) => isParam(name) && name.endsWith('.astro'));
      return file ? path.relative(pagesDir, path.join(dir, file)) : undefined;
    }
    const next =
      entries.find((name) => name === segment) ??
      entries.find((name) => isParam(name) && !name.endsWith('.astro'));
    if (!next) return undefined;
    dir = path.join(dir, next);
  }
  return undefined;
}

const item = (match: string[]): HallNavItem => ({
  key: 'x',
  label: 'x',
  href: match[0] ?? '/',
  match,
  description: '',
});

describe('hall top menu', () => {
  it('lists the spec’s six entries in order, and the demand query for signed-in users', () => {
    expect(hallNav.map((entry) => [entry.label, entry.href, entry.signedInOnly ?? false])).toEqual([
      ['首页', '/hall/home', false],
      ['通知公告', '/guide/message/0', false],
      ['中介机构', '/intermediaryhall/orgselect', false],
      ['项目分布', '/projectPosition/position', false],
      ['需求查询', '/demand/demandQuery', true],
      ['服务下载', '/downLoad/servicelist', false],
      ['办事指南', '/guide/workPlace', false],
    ]);
  });

  it('links every entry to a page that exists (no links to missing pages)', () => {
    for (const entry of hallNav) {
      expect({ key: entry.key, hasPage: pageFileFor(entry.href) !== undefined }).toEqual({
        key: entry.key,
        hasPage: true,
      });
    }
  });

  it('uses paths of the route table’s hall routes', () => {
    for (const entry of hallNav) {
      expect(matchRoute(entry.href)?.surface, entry.href).toBe('hall');
    }
  });

  it('matches the active entry by exact root and by path prefix', () => {
    const home = hallNav.find((entry) => entry.key === 'home')!;
    const notices = hallNav.find((entry) => entry.key === 'notices')!;
    expect(isNavItemActive(home, '/')).toBe(true);
    expect(isNavItemActive(home, '/hall/home/')).toBe(true);
    expect(isNavItemActive(home, '/guide/message/0')).toBe(false);
    expect(isNavItemActive(notices, '/guide/message/0')).toBe(true);
    expect(isNavItemActive(notices, '/guide/messageDetails')).toBe(true);
    expect(isNavItemActive(notices, '/guide/messages')).toBe(false);
    expect(isNavItemActive(item(['/']), '/other')).toBe(false);
  });
});
