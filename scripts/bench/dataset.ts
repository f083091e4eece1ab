/**
 * The 100,000-project data set of the benchmark: an embedded database seeded once with the demo
 * generator and kept under node_modules/.cache/bench-100000 (reused by later runs).
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '@server/db/client';
import { seedDemo } from '@server/seed';
import { createFsStorage } from '@server/storage/storage';

export const BENCH_PROJECTS = 100_000;

export async function ensureBenchDataset(
  root: string,
  log: (line: string) => void,
): Promise<{ dataDir: string; seededNow: boolean; seconds: number }> {
  const dataDir = path.join(root, 'node_modules', '.cache', `bench-${BENCH_PROJECTS}`);
  const marker = path.join(dataDir, 'bench-dataset.txt');
  // Opening the database applies newer migrations, so an older set stays usable; delete the folder
  // to regenerate it with a changed seed.
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8').startsWith(`${BENCH_PROJECTS}`)) {
    return { dataDir, seededNow: false, seconds: 0 };
  }
  log(`seeding ${BENCH_PROJECTS.toLocaleString('en')} projects into ${dataDir} (a few minutes, once)…`);
  const started = performance.now();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const storage = createFsStorage(path.join(dataDir, 'files'));
  const database = await openPglite(dataDir);
  try {
    await seedDemo(database.db, { projects: BENCH_PROJECTS, storeFile: (bytes) => storage.write(bytes) });
  } finally {
    await database.close();
  }
  fs.writeFileSync(marker, `${BENCH_PROJECTS} projects, seeded ${new Date().toISOString()}`);
  return { dataDir, seededNow: true, seconds: (performance.now() - started) / 1000 };
}
