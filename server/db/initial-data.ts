import type { AppContext } from '../app-context';
import { isSeeded, seedDemo, seedProduction } from './seed';

/**
 * First start on an empty database: demo mode loads the demo city, production mode only the
 * reference tables and the administrator, whose one-time password is logged once. The seed runs in
 * one transaction, so a crash part-way leaves an empty database that the next start seeds again.
 */
export async function ensureInitialData(ctx: Pick<AppContext, 'config' | 'db' | 'logger' | 'storage'>): Promise<void> {
  const { config, db, logger, storage } = ctx;
  if (await isSeeded(db)) return;
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
  });
  logger.info({ summary, ms: Math.round(performance.now() - started) }, 'demo data loaded');
}
