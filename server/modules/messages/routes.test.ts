/**
 * /smsend/project/message/*: paging, ownership (user A can neither read, mark nor delete user B's
 * messages), validation messages, push over server-sent events (in process and through NOTIFY from
 * another connection), and sendMessage to a user or a role.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { messages, userRoles } from '@server/db/schema';
import { roles } from '@shared/domain/roles';
import { messageTexts } from '@shared/validation/messages';
import { createBrowser, signInAs, type Browser, signedInTestApp } from '../identity/test-support';
import { MESSAGES_CHANNEL, sendMessage } from './service';

const base = '/smsend/project/message';

const env = signedInTestApp({ accounts: ['owner01', 'agency01', 'admin'] });
const owner = env.browser('owner01');
const agency = env.browser('agency01');
const admin = env.browser('admin');

interface Row {
  messageId: number;
  messageContent: string;
  addTime: string;
  hasRead: boolean;
}

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function list(browser: Browser, query = ''): Promise<{ rows: Row[]; total: number }> {
  const response = await browser.fetch(`${base}/query${query}`);
  expect(response.status).toBe(200);
  return json(response);
}

async function unread(browser: Browser): Promise<number> {
  return (await json<{ object: number }>(await browser.fetch(`${base}/count`))).object;
}

function form(fields: Record<string, string>) {
  return { method: 'POST', body: new URLSearchParams(fields) };
}

async function addMessages(userId: number, count: number, prefix: string): Promise<number[]> {
  const rows = await env.ctx.db
    .insert(messages)
    // Dated by the product's clock, as sendMessage dates every message (never the database's time).
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        messageContent: `${prefix}${i}`,
        addTime: env.clock.now,
      })),
    )
    .returning({ messageId: messages.messageId });
  return rows.map((row) => row.messageId);
}

describe('query and count', () => {
  it('pages the own messages, newest first, and filters by hasRead', async () => {
    await addMessages(2, 12, '分页消息');
    const all = await list(owner, '?pageIndex=1&pageSize=10');
    expect(all.rows).toHaveLength(10);
    expect(all.total).toBeGreaterThanOrEqual(18);
    const times = all.rows.map((row) => Date.parse(row.addTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const second = await list(owner, `?pageIndex=2&pageSize=10`);
    const firstIds = new Set(all.rows.map((row) => row.messageId));
    expect(second.rows.some((row) => firstIds.has(row.messageId))).toBe(false);

    const unreadOnly = await list(owner, '?pageIndex=1&pageSize=100&hasRead=false');
    expect(unreadOnly.rows.every((row) => !row.hasRead)).toBe(true);
    expect(unreadOnly.total).toBe(await unread(owner));
    const readOnly = await list(owner, '?pageIndex=1&pageSize=100&hasRead=true');
    expect(readOnly.rows.every((row) => row.hasRead)).toBe(true);
    expect(readOnly.total + unreadOnly.total).toBe(all.total);
  });

  it('defaults to page 1 of 10 (spec section 9)', async () => {
    const page = await list(owner);
    expect(page.rows).toHaveLength(10);
  });

  it('answers bad paging and filters with a Chinese message and the field', async () => {
    const cases: [string, string, string][] = [
      ['?pageIndex=0', messageTexts.pageIndexInvalid, 'pageIndex'],
      ['?pageIndex=abc', messageTexts.pageIndexInvalid, 'pageIndex'],
      ['?pageSize=1000', messageTexts.pageSizeInvalid, 'pageSize'],
      ['?hasRead=maybe', messageTexts.hasReadInvalid, 'hasRead'],
    ];
    for (const [query, message, field] of cases) {
      const response = await owner.fetch(`${base}/query${query}`);
      expect(response.status, query).toBe(400);
      expect(await json(response), query).toMatchObject({ success: false, message, field });
    }
  });
});

describe('ownership', () => {
  it("never shows, marks or deletes another user's messages", async () => {
    const [theirs] = await addMessages(3, 1, '机构的消息');
    const id = theirs as number;
    const ownPage = await list(owner, '?pageSize=100');
    expect(ownPage.rows.some((row) => row.messageId === id)).toBe(false);

    const attempts = [
      owner.fetch(`${base}/update?id=${id}`),
      owner.fetch(`${base}/delete?id=${id}`),
      owner.fetch(`${base}/updateAll`, form({ ids: String(id) })),
      owner.fetch(`${base}/deleteAll`, form({ ids: String(id) })),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect((await json(response)).message).toBe(messageTexts.notFound);
    }
    const [row] = await env.ctx.db.select().from(messages).where(eq(messages.messageId, id));
    expect(row).toMatchObject({ userId: 3, hasRead: false });
  });

  it('changes nothing when a bulk list mixes own and foreign ids', async () => {
    const [mine] = await addMessages(2, 1, '自己的');
    const [theirs] = await addMessages(3, 1, '别人的');
    const response = await owner.fetch(`${base}/deleteAll`, form({ ids: `${mine},${theirs}` }));
    expect(response.status).toBe(404);
    const left = await env.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.userId, 2), eq(messages.messageId, mine as number)));
    expect(left).toHaveLength(1);
  });
});

describe('mark and delete', () => {
  it('marks one read with the spec text and lowers the count', async () => {
    const [id] = await addMessages(2, 1, '单条标记');
    const before = await unread(owner);
    const response = await owner.fetch(`${base}/update?id=${id}`);
    expect(await json(response)).toMatchObject({ success: true, message: messageTexts.readSuccess });
    expect(await unread(owner)).toBe(before - 1);
  });

  it('marks several read and deletes several', async () => {
    const ids = await addMessages(2, 3, '批量');
    const before = await unread(owner);
    const marked = await owner.fetch(`${base}/updateAll`, form({ ids: ids.join(',') }));
    expect(await json(marked)).toMatchObject({ success: true, message: messageTexts.markSuccess, data: 3 });
    expect(await unread(owner)).toBe(before - 3);

    const deleted = await owner.fetch(`${base}/deleteAll`, form({ ids: ids.join(',') }));
    expect(await json(deleted)).toMatchObject({
      success: true,
      message: messageTexts.deleteSuccess,
      data: 3,
    });
    const page = await list(owner, '?pageSize=100');
    expect(page.rows.some((row) => ids.includes(row.messageId))).toBe(false);
  });

  it('deletes one with the spec text', async () => {
    const [id] = await addMessages(2, 1, '单条删除');
    const response = await owner.fetch(`${base}/delete?id=${id}`);
    expect(await json(response)).toMatchObject({ success: true, message: messageTexts.deleteSuccess });
    expect(
      await env.ctx.db
        .select()
        .from(messages)
        .where(eq(messages.messageId, id as number)),
    ).toEqual([]);
  });

  it('asks for a selection with the spec texts when ids are empty or missing', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['updateAll', { ids: '' }, messageTexts.selectToMark],
      ['updateAll', {}, messageTexts.selectToMark],
      ['deleteAll', { ids: ' , ' }, messageTexts.selectToDelete],
      ['deleteAll', {}, messageTexts.selectToDelete],
      ['deleteAll', { ids: '1,x' }, messageTexts.idInvalid],
    ];
    for (const [call, fields, message] of cases) {
      const response = await owner.fetch(`${base}/${call}`, form(fields));
      expect(response.status, `${call} ${JSON.stringify(fields)}`).toBe(400);
      expect((await json(response)).message).toBe(message);
    }
    const badId = await owner.fetch(`${base}/update?id=-1`);
    expect(badId.status).toBe(400);
    expect((await json(badId)).message).toBe(messageTexts.idInvalid);
  });
});

describe('sendMessage', () => {
  it('writes to everyone holding a role in the caller transaction, and not when it rolls back', async () => {
    const holders = await env.ctx.db.transaction((tx) =>
      sendMessage(tx, { toRoleId: roles.auditor.id, content: '新的成果待审核', at: env.clock.now }),
    );
    expect(holders).toEqual([6]);
    const rolledBack = env.ctx.db.transaction(async (tx) => {
      await sendMessage(tx, { toUserId: 6, content: '不会送达', at: env.clock.now });
      throw new Error('event failed');
    });
    await expect(rolledBack).rejects.toThrow('event failed');
    const rows = await env.ctx.db.select().from(messages).where(eq(messages.userId, 6));
    expect(rows.some((row) => row.messageContent === '新的成果待审核')).toBe(true);
    expect(rows.some((row) => row.messageContent === '不会送达')).toBe(false);
  });

  it('refuses an unknown recipient', async () => {
    await expect(
      sendMessage(env.ctx.db, { toRoleId: 'nope', content: 'x', at: env.clock.now }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
      message: messageTexts.roleUnknown,
    });
    await expect(
      sendMessage(env.ctx.db, { toUserId: 999_999, content: 'x', at: env.clock.now }),
    ).rejects.toMatchObject({
      message: messageTexts.userUnknown,
    });
  });

  it('lets the administrator broadcast to a role over the API, validated', async () => {
    const response = await admin.fetch(
      `${base}/send`,
      form({ roleId: roles.owner.id, content: '系统将于今晚维护' }),
    );
    // Every holder of the role in the demo data (owner01 and the owners of the unit examples).
    const owners = await env.ctx.db.select().from(userRoles).where(eq(userRoles.roleId, roles.owner.id));
    expect(owners.length).toBeGreaterThan(1);
    expect(await json(response)).toMatchObject({ success: true, data: { recipients: owners.length } });
    const page = await list(owner, '?pageSize=1');
    expect(page.rows[0]?.messageContent).toBe('系统将于今晚维护');

    const neither = await admin.fetch(`${base}/send`, form({ content: '无接收人' }));
    expect(neither.status).toBe(400);
    expect((await json(neither)).message).toBe(messageTexts.recipientRequired);
    const empty = await admin.fetch(`${base}/send`, form({ userId: '2', content: '  ' }));
    expect((await json(empty)).message).toBe(messageTexts.contentRequired);
    const notAdmin = await owner.fetch(`${base}/send`, form({ userId: '3', content: '冒充' }));
    expect(notAdmin.status).toBe(403);
  });
});

/** Reads server-sent events from a streaming response until `until` says stop. */
async function readEvents(
  response: Response,
  until: (events: { event: string; data: string }[]) => boolean,
  timeoutMs = 5000,
): Promise<{ event: string; data: string }[]> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(events)) {
      if (Date.now() > deadline) throw new Error(`timed out; events so far: ${JSON.stringify(events)}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('read timed out')), timeoutMs)),
      ]);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) !== -1) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        const event = lines
          .find((line) => line.startsWith('event:'))
          ?.slice(6)
          .trim();
        const data = lines
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        if (event) events.push({ event, data });
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return events;
}

const counts = (events: { event: string; data: string }[]) =>
  events.filter((e) => e.event === 'count').map((e) => Number(e.data));

describe('stream', () => {
  it('needs a signed-in user', async () => {
    const response = await createBrowser(env.app).fetch(`${base}/stream`);
    expect(response.status).toBe(401);
  });

  it('sends the count first, then the new count when a message is sent', async () => {
    // A heartbeat also re-reads the count: keep it out of the way, so only the push can pass.
    env.ctx.services.messageHeartbeatMs = 60_000;
    const response = await agency.fetch(`${base}/stream`);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const start = await unread(agency);
    let sent = false;
    const events = await readEvents(response, (seen) => {
      if (!sent && counts(seen).length === 1) {
        sent = true;
        void env.ctx.db.transaction((tx) =>
          sendMessage(tx, { toUserId: 3, content: '新的委托待确认', at: env.clock.now }),
        );
      }
      return counts(seen).length >= 2;
    });
    expect(counts(events)).toEqual([start, start + 1]);
  });

  it('delivers a write made on another connection through NOTIFY', async () => {
    env.ctx.services.messageHeartbeatMs = 60_000;
    const response = await agency.fetch(`${base}/stream`);
    const start = await unread(agency);
    let sent = false;
    const events = await readEvents(response, (seen) => {
      if (!sent && counts(seen).length === 1) {
        sent = true;
        // Another instance: a plain insert plus the NOTIFY, not through this app's hub.
        void env.ctx.db.transaction(async (tx) => {
          await tx.insert(messages).values({ userId: 3, messageContent: '另一实例写入' });
          await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, '3')`);
        });
      }
      return counts(seen).length >= 2;
    });
    expect(counts(events)).toEqual([start, start + 1]);
  });

  it('ends the stream when the session ends', async () => {
    env.ctx.services.messageHeartbeatMs = 100;
    const browser = createBrowser(env.app);
    await signInAs(browser, 'staff01');
    const response = await browser.fetch(`${base}/stream`);
    let loggedOut = false;
    const events = await readEvents(response, (seen) => {
      if (!loggedOut && counts(seen).length === 1) {
        loggedOut = true;
        void browser.fetch('/cas/logout');
      }
      return seen.some((e) => e.event === 'end');
    });
    expect(events.at(-1)).toEqual({ event: 'end', data: 'session' });
  });
});
