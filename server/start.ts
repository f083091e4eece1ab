/**
 * `npm start`: builds the hall and console when the build is missing or older than their sources,
 * then runs the server. A fresh clone needs nothing else.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtEntry = path.join(root, 'dist', 'server', 'entry.mjs');
const sources = ['hall', 'console', 'shared', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function buildIsStale(): boolean {
  const built = fs.statSync(builtEntry, { throwIfNoEntry: false });
  if (!built) return true;
  return sources.some((source) => newestMtime(path.join(root, source)) > built.mtimeMs);
}

if (buildIsStale()) {
  console.log('Building the hall and console (first start or sources changed)…');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.argv[1] = fileURLToPath(new URL('./main.ts', import.meta.url));
await import('./main');
