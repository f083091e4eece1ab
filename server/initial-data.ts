import { sql } from 'drizzle-orm';
import type { AppContext } from './app-context';
import { writeDemoFeed } from './seed/docking-feed';
import { importDockedProjects } from '@server/modules/docking';
import { AlreadySeededError, isSeeded, seedDemo, seedProduction, syncModules } from './seed';

/**
 * First start on an empty database: demo mode loads the demo city, production mode only the
 * reference tables and the administrator, whose one-time password is logged once. The seed runs in
 * one transaction, so a crash part-way leaves an empty database that the next start seeds again.
 * On later starts the menu modules are brought in line with the route table (shared/domain/routes.ts).
 */
export async function ensureInitialData(
  ctx: Pick<AppContext, 'config' | 'db' | 'logger' | 'storage'>,
): Promise<void> {
  if (await isSeeded(ctx.db)) {
    await syncModules(ctx.db);
    return;
  }
  try {
    await seedFirstStart(ctx);
  } catch (error) {
    // Another instance starting against the same server seeded it first: nothing left to do.
    if (!(error instanceof AlreadySeededError)) throw error;
  }
}

async function seedFirstStart(ctx: Pick<AppContext, 'config' | 'db' | 'logger' | 'storage'>): Promise<void> {
  const { config, db, logger, storage } = ctx;
  if (config.isProduction) {
    const { adminPassword } = await seedProduction(db);
    logger.warn(
      { loginname: 'admin', oneTimePassword: adminPassword },
      'Production database created. Sign in as admin with this one-time password and change it; it is not shown again.',
    );
    return;
  }
  const started = performance.now();
  const summary = await seedDemo(db, {
    projects: config.seedProjects,
    storeFile: (bytes) => storage.write(bytes),
    publicUrl: config.publicUrl,
  });
  logger.info({ summary, ms: Math.round(performance.now() - started) }, 'demo data loaded');
  // The planner's statistics of the tables just filled, which autovacuum would gather only a while
  // later: until then the first queries on a large set are planned for nearly empty tables.
  await db.execute(sql`analyze`);
  // The approval platform's demo feed (docs/docking.md), imported once now so the lists have rows at
  // the first page view; the docking-import job reads it again on its schedule (nothing changes).
  if (config.docking.provider === 'directory') {
    try {
      if (await writeDemoFeed(db, config.docking.feedDir, new Date())) {
        const docked = await importDockedProjects(ctx, new Date());
        logger.info({ docked }, 'demo docking feed imported');
      }
    } catch (error) {
      logger.warn({ err: error }, 'demo docking feed not written');
    }
  }
}
