/**
 * The clock of the identity rules (ticket and code lifetimes, lockouts): the context's, so tests move
 * time instead of waiting (ServiceSettings.now, server/services.ts).
 */
import type { AppContext } from '@server/app-context';

/** The current instant for identity rules. */
export function nowOf(ctx: Pick<AppContext, 'services'>): Date {
  return ctx.services.now();
}
