/**
 * Loads data into the configured database (the embedded one under DATA_DIR, or DATABASE_URL):
 *
 *   npm run db:seed                          demo data, 2,000 projects (or SEED_PROJECTS)
 *   npm run db:seed -- --projects 100000     benchmark volume
 *   npm run db:seed -- --reset ...           empty every table first
 *   npm run db:seed -- --production          only the administrator (one-time password printed)
 *
 * Stop the server first: the embedded database allows one process at a time.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@server/config';
import { openDatabase } from '@server/db/client';
import { openStorage } from '@server/storage/open-storage';
import { isSeeded, resetDatabase, seedDemo, seedProduction } from './index';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      projects: { type: 'string' },
      reset: { type: 'boolean', default: false },
      production: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log('usage: npm run db:seed -- [--projects N] [--reset] [--production]');
    return 0;
  }
  const config = loadConfig();
  const projects = values.projects === undefined ? config.seedProjects : Number(values.projects);
  if (!Number.isInteger(projects) || projects < 0) {
    console.error(`--projects must be a whole number, got ${values.projects}`);
    return 2;
  }

  const database = await openDatabase(config);
  try {
    if (values.reset) {
      await resetDatabase(database.db);
      console.log('all tables emptied');
    } else if (await isSeeded(database.db)) {
      console.error(
        'The database already has data. Use --reset to empty it first (this deletes everything).',
      );
      return 1;
    }
    const started = performance.now();
    if (values.production) {
      const { adminPassword } = await seedProduction(database.db);
      console.log(`administrator created: login name admin, one-time password ${adminPassword}`);
    } else {
      const storage = openStorage(config.storage);
      const summary = await seedDemo(database.db, { projects, storeFile: (bytes) => storage.write(bytes) });
      console.table(summary);
    }
    console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
