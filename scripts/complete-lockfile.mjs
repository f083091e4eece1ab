// Completes package-lock.json with the platform packages our registry mirror lacks.
//
// Some packages list prebuilt binaries for every platform as optionalDependencies (e.g.
// @astrojs/compiler-binding-darwin-arm64). When the registry we install from does not carry one of
// those versions, `npm install` leaves it out of the lockfile and `npm ci` then refuses the lockfile
// ("Missing: ... from lock file"). This adds the entry as npm would have written it: optional, with
// the os/cpu/libc its name states, so every platform skips it but its own, which fetches it.
//
//   node scripts/complete-lockfile.mjs          add missing entries (run after npm install)
//   node scripts/complete-lockfile.mjs --check  exit 1 when entries are missing (npm run check)
import fs from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const platforms = [
  [/-android-arm64$/, { os: ['android'], cpu: ['arm64'] }],
  [/-darwin-arm64$/, { os: ['darwin'], cpu: ['arm64'] }],
  [/-darwin-x64$/, { os: ['darwin'], cpu: ['x64'] }],
  [/-linux-arm64-gnu$/, { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] }],
  [/-linux-arm64-musl$/, { os: ['linux'], cpu: ['arm64'], libc: ['musl'] }],
  [/-linux-x64-gnu$/, { os: ['linux'], cpu: ['x64'], libc: ['glibc'] }],
  [/-linux-x64-musl$/, { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
  [/-wasm32-wasi$/, { cpu: ['wasm32'] }],
  [/-win32-arm64-msvc$/, { os: ['win32'], cpu: ['arm64'] }],
  [/-win32-x64-msvc$/, { os: ['win32'], cpu: ['x64'] }],
];

const missing = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const platform = platforms.find(([pattern]) => pattern.test(name))?.[1];
    if (!platform) continue;
    missing.push(name);
    packages[`node_modules/${name}`] = { version, ...platform, optional: true };
  }
}

if (process.argv.includes('--check')) {
  if (missing.length > 0) {
    console.error(`package-lock.json lacks ${missing.join(', ')}: run node scripts/complete-lockfile.mjs`);
    process.exit(1);
  }
} else if (missing.length > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  fs.writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`Added ${missing.length} platform entries: ${missing.join(', ')}`);
}
