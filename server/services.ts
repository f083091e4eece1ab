/**
 * The composition root of an app context's services: what the modules share per instance (the clock,
 * the SMS and identity providers, the message hub, the map's cluster index and service) is built here,
 * once per context, instead of living in module-level maps. main.ts and the test context call
 * `withServices`; a test swaps a provider or the clock through the settings, or on `ctx.services`.
 */
import type { AppContext, AppServices, ServiceSettings } from './app-context';
import { createResultCache } from './lib/result-cache';
import { createSessionCache } from '@server/modules/identity';
import { createMessageHub, type MessageHub, createMessagePageCache } from '@server/modules/messages';
import { createMapModule, type MapModule } from '@server/modules/map';
import { productJobs } from './jobs';
import { installReviewHooks } from './review-hooks';
import { installCreditGradeRule } from '@server/modules/credit';
import { createJobRunner, type JobRunner } from '@server/modules/jobs';
import { createAccessLogWriter, type AccessLogWriter } from '@server/modules/interfaces';

/** Message streams send a keep-alive, re-check the session and re-read the count this often. */
const MESSAGE_HEARTBEAT_MS = 25_000;

export function withServices<T extends Omit<AppContext, 'services'>>(
  base: T,
  settings: Partial<ServiceSettings> = {},
): T & Pick<AppContext, 'services'> {
  // The review engine's hooks are the same for every context of the process (server/review-hooks.ts).
  installReviewHooks();
  // The credit grade rule of the configuration: the credit module grades and selects by it (why one
  // installed rule and not a parameter: server/modules/credit/grade-rule.ts).
  installCreditGradeRule(base.config.creditGradeRule);
  const ctx = base as T & Pick<AppContext, 'services'>;
  let hub: MessageHub | undefined;
  let map: MapModule | undefined;
  let jobs: JobRunner | undefined;
  let accessLog: AccessLogWriter | undefined;
  const offset = base.config.clockOffsetMs;
  const services: AppServices = {
    now: settings.now ?? (offset ? () => new Date(Date.now() + offset) : () => new Date()),
    messageHeartbeatMs: settings.messageHeartbeatMs ?? MESSAGE_HEARTBEAT_MS,
    sessions: createSessionCache(),
    messagePages: createMessagePageCache(),
    results: createResultCache(),
    ...(settings.smsProvider ? { smsProvider: settings.smsProvider } : {}),
    ...(settings.identityProvider ? { identityProvider: settings.identityProvider } : {}),
    // Built on first use: a context that never streams messages or shows the map pays nothing.
    get messageHub() {
      return (hub ??= createMessageHub(ctx));
    },
    get map() {
      return (map ??= createMapModule(ctx));
    },
    get jobs() {
      return (jobs ??= createJobRunner(ctx, productJobs, { pollMs: ctx.config.jobPollMs }));
    },
    get interfaceAccessLog() {
      return (accessLog ??= createAccessLogWriter(ctx.db, ctx.logger));
    },
    invalidateProjectMap() {
      map?.clusters.invalidate();
    },
  };
  ctx.services = services;
  return ctx;
}
