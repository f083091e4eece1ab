/**
 * External entry (provincial platform, spec section 2 entry rules): a ticket from another identity
 * service is checked through this interface. The default trusts service tickets of our own /cas issued
 * for the configured service (EXTERNAL_IDENTITY_SERVICE), so the whole round trip runs locally.
 */
import { eq } from 'drizzle-orm';
import type { AppContext } from '@server/app-context';
import { users } from '@server/db/schema';
import { validateServiceTicket } from '../sessions';

export interface ExternalIdentity {
  /** The person's login name on the external platform (our loginname). */
  loginName: string;
}

export interface IdentityProvider {
  /** The identity behind a ticket, or null when the ticket is not valid (tickets are single use). */
  checkTicket(ticket: string): Promise<ExternalIdentity | null>;
}

/** Compares service URLs by path (and host when both name one). */
export function sameService(a: string, b: string): boolean {
  const parse = (value: string) => URL.parse(value, 'http://service.invalid');
  const x = parse(a);
  const y = parse(b);
  // A malformed address (stored before the contract refused them) is no service of ours.
  if (!x || !y) return false;
  const hostsKnown = x.host !== 'service.invalid' && y.host !== 'service.invalid';
  return (
    x.pathname.replace(/\/+$/, '') === y.pathname.replace(/\/+$/, '') && (!hostsKnown || x.host === y.host)
  );
}

export function createCasIdentityProvider(ctx: AppContext): IdentityProvider {
  return {
    async checkTicket(ticket) {
      const granted = await validateServiceTicket(ctx, ticket, (service) =>
        sameService(service, ctx.config.externalIdentityService),
      );
      if (!granted) return null;
      const [user] = await ctx.db
        .select({ loginname: users.loginname })
        .from(users)
        .where(eq(users.pkid, granted.userId))
        .limit(1);
      return user ? { loginName: user.loginname } : null;
    },
  };
}
