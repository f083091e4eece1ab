/** The work home's call (shared/calls/workbench.ts), built with the sources the root hands in. */
import { implement } from '@server/lib/calls';
import type { CallModule } from '@server/lib/calls';
import { workbenchCalls } from '@shared/calls/workbench';
import { workHome } from './service';
import type { WorkSources } from './sources';

export function workbenchRoutes(sources: WorkSources): CallModule {
  return implement(workbenchCalls, (ctx) => ({
    home: (_input, { user }) => workHome(sources, { app: ctx, db: ctx.db, user, now: ctx.services.now() }),
  }));
}
