// `npm test`: every check in order, stopping at the first that fails, then a table of how long each
// part took. The parts are the package.json scripts named below; the PostgreSQL run of the server
// suite only when TEST_DATABASE_URL is set.
//
// TEST_TIMES_FILE=<file> also appends one line per part, `name<TAB>seconds<TAB>outcome`, for a
// caller printing a longer table (.ci/run).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

const parts = [
  { name: 'lockfile', script: 'check:lockfile' },
  { name: 'typecheck', script: 'typecheck' },
  { name: 'lint', script: 'lint' },
  { name: 'format', script: 'format:check' },
  { name: 'structure', script: 'check:structure' },
  { name: 'vitest pglite', script: 'test:pglite' },
  {
    name: 'vitest postgres',
    script: 'test:postgres',
    skipped: process.env.TEST_DATABASE_URL ? undefined : 'TEST_DATABASE_URL is not set',
  },
  { name: 'e2e', script: 'test:e2e' },
];

/** Runs `npm run <script>` with the terminal's output; resolves to its exit code. */
function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** `1 min 05 s` or `7.3 s`. */
function formatSeconds(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

const rows = [];
let failed;
const started = performance.now();
for (const part of parts) {
  if (part.skipped) {
    rows.push({ name: part.name, seconds: 0, outcome: `skipped: ${part.skipped}` });
    continue;
  }
  console.log(`\n==== npm test: ${part.name} (npm run ${part.script}) ====`);
  const partStarted = performance.now();
  const code = await run(part.script);
  const seconds = (performance.now() - partStarted) / 1000;
  rows.push({ name: part.name, seconds, outcome: code === 0 ? 'passed' : `FAILED (exit ${code})` });
  if (code !== 0) {
    failed = { part, code };
    break;
  }
}
const total = (performance.now() - started) / 1000;

if (process.env.TEST_TIMES_FILE)
  fs.appendFileSync(
    process.env.TEST_TIMES_FILE,
    rows.map((row) => `${row.name}\t${row.seconds.toFixed(1)}\t${row.outcome}\n`).join(''),
  );
const width = Math.max(...rows.map((row) => row.name.length), 'total'.length);
console.log('\nnpm test took:');
for (const row of rows)
  console.log(`  ${row.name.padEnd(width)}  ${formatSeconds(row.seconds).padStart(11)}  ${row.outcome}`);
console.log(`  ${'total'.padEnd(width)}  ${formatSeconds(total).padStart(11)}`);
if (failed) {
  console.error(
    `\nnpm test: ${failed.part.name} failed (npm run ${failed.part.script}, exit ${failed.code})`,
  );
  process.exit(failed.code);
}
