/**
 * `npm start`: builds the hall and console and compiles the server when a build is missing or older
 * than the sources (printing what it does), then runs the compiled server in this process with plain
 * Node (docs/decisions/0003). A fresh clone needs nothing else. `--source` (npm run dev) runs the
 * TypeScript through tsx instead of the compiled server.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const fromSource = process.argv.includes('--source');

/** The newest modification time below `target` (a file or a folder). */
function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function isStale(output, sources) {
  const built = fs.statSync(path.join(root, output), { throwIfNoEntry: false });
  if (!built) return true;
  return sources.some((source) => newestMtime(path.join(root, source)) > built.mtimeMs);
}

function run(what, args, env = {}) {
  console.log(what);
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const common = ['shared', 'package-lock.json', 'tsconfig.json'];
if (isStale('dist/server/entry.mjs', ['hall', 'console', 'astro.config.mjs', ...common])) {
  run(
    'Building the hall and console (first start or sources changed; about a minute)…',
    [path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'],
    { ASTRO_TELEMETRY_DISABLED: '1' },
  );
}

let entry;
if (fromSource) {
  entry = path.join(root, 'server', 'main.ts');
} else {
  if (isStale('dist-server/main.mjs', ['server', 'scripts/build-server.mjs', ...common])) {
    run('Compiling the server…', [path.join(root, 'scripts', 'build-server.mjs')]);
  }
  entry = path.join(root, 'dist-server', 'main.mjs');
}
console.log('Starting…');
process.argv[1] = entry;
await import(pathToFileURL(entry).href);
