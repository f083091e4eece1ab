/**
 * Compiles the server (server/main.ts and everything it imports from server/ and shared/) into one
 * ES module, dist-server/main.mjs, with the packages left as imports from node_modules. `npm start`
 * runs it with plain Node: no TypeScript loader at start (docs/decisions/0003). The SQL migrations go
 * beside it, where the bundle looks for them.
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = path.join(root, 'dist-server');

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [path.join(root, 'server', 'main.ts')],
  outfile: path.join(out, 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  tsconfig: path.join(root, 'tsconfig.json'),
  sourcemap: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS dependencies (none today) would need require: give them one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(out, 'migrations'), { recursive: true });
console.log(`server compiled to ${path.relative(root, out)}/main.mjs`);
