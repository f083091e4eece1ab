/** Data interfaces (shared/calls/interfaces.ts): one service function per call. */
import { implement, reply } from '@server/lib/calls';
import { interfaceCalls } from '@shared/calls/interfaces';
import { interfaceMessages as m } from '@shared/validation/interfaces';
import { addConsumer, listConsumers, revokeConsumer } from './consumers';
import {
  deleteInterface,
  interfaceById,
  listInterfaces,
  saveInterface,
  setInterfaceEnabled,
  updateInterface,
} from './definitions';
import { datasetCatalogue, interfaceDetail, listAccessLog } from './describe';
import { getQuery, keyOf, RateLimiter } from './run-query';

export const interfaceRoutes = implement(interfaceCalls, (ctx) => {
  const limiter = new RateLimiter();
  const now = () => ctx.services.now();
  const query = (input: Parameters<typeof getQuery>[0]['input'], c: Parameters<typeof keyOf>[0]) =>
    getQuery({
      db: ctx.db,
      limiter,
      accessLog: ctx.services.interfaceAccessLog,
      results: ctx.services.results,
      now: now(),
      key: keyOf(c),
      input,
      header: (name, value) => c.header(name, value),
    });
  // getQuery keeps definitions and consumers in memory until their table announces a change (at
  // commit, to every instance); this instance drops them as soon as its own write returns, so the
  // administrator's next call already meets the change (a revoked key is refused at once).
  const changed = async <T>(table: 'data_interfaces' | 'interface_consumers', write: Promise<T>) => {
    const result = await write;
    ctx.services.results.invalidate([table]);
    return result;
  };
  return {
    list: (input) => listInterfaces(ctx.db, input),
    save: async (input, { user }) =>
      reply(await changed('data_interfaces', saveInterface(ctx.db, user.pkid, input, now())), m.saved),
    update: async (input) =>
      reply(await changed('data_interfaces', updateInterface(ctx.db, input, now())), m.saved),
    remove: async ({ id }) => {
      // The lines waiting for the interface keep its id (a deleted one's get none, access-log.ts).
      await ctx.services.interfaceAccessLog.flush();
      return reply(await changed('data_interfaces', deleteInterface(ctx.db, id)), m.deleted);
    },
    setEnabled: async ({ id, enabled }) =>
      reply(
        await changed('data_interfaces', setInterfaceEnabled(ctx.db, id, enabled, now())),
        enabled ? m.enabled : m.disabled,
      ),
    get: async ({ id }) => interfaceDetail(await interfaceById(ctx.db, id), ctx.config.apiBases.business),
    datasets: () => datasetCatalogue(),
    accessLog: async (input) => {
      // This instance's latest lines first (they are written after their answers).
      await ctx.services.interfaceAccessLog.flush();
      return listAccessLog(ctx.db, input);
    },
    consumers: (input) => listConsumers(ctx.db, input, now()),
    addConsumer: async (input, { user }) =>
      reply(await changed('interface_consumers', addConsumer(ctx.db, user.pkid, input, now())), m.keyCreated),
    revokeConsumer: async ({ id }) =>
      reply(await changed('interface_consumers', revokeConsumer(ctx.db, id, now())), m.revoked),
    query: (input, { c }) => query(input, c),
    queryByPath: (input, { c }) => query(input, c),
  };
});
