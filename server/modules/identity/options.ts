/**
 * What a deployment or a test can swap in the identity module without touching AppContext: the
 * clock (tests move time instead of waiting), the SMS provider and the external identity provider.
 * Kept per AppContext, so two apps in one process (tests) do not share them.
 */
import type { AppContext } from '@server/app-context';
import type { IdentityProvider } from './external-entry/provider';
import type { SmsProvider } from './sms/provider';

export interface IdentityOptions {
  now: () => Date;
  smsProvider?: SmsProvider;
  identityProvider?: IdentityProvider;
}

const options = new WeakMap<object, Partial<IdentityOptions>>();

/** Sets (merges) the identity options of one context; call before `createApp(ctx)` handles requests. */
export function configureIdentity(ctx: AppContext, settings: Partial<IdentityOptions>): void {
  options.set(ctx, { ...options.get(ctx), ...settings });
}

export function identityOptions(ctx: AppContext): Partial<IdentityOptions> {
  return options.get(ctx) ?? {};
}

/** The current instant for identity rules (ticket and code lifetimes, lockouts). */
export function nowOf(ctx: AppContext): Date {
  return options.get(ctx)?.now?.() ?? new Date();
}
