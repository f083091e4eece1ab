/**
 * The messages' part of the work home (工作台): the newest messages with the unread count, and every
 * unread message that leads somewhere as a to-do (待阅消息: read it where it points). Listed at the
 * composition root (server/work-sources.ts).
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { messages } from '@server/db/schema';
import type { WorkContext, WorkSource } from '@server/modules/workbench';
import { countUnread, listMessages } from './service';

export async function recentMessages({ db, user }: WorkContext, limit: number) {
  const [page, unread] = await Promise.all([
    listMessages(db, user.pkid, { pageIndex: 1, pageSize: limit, hasRead: undefined }),
    countUnread(db, user.pkid),
  ]);
  return {
    rows: page.rows.map(({ messageContent, ...row }) => ({ ...row, content: messageContent })),
    unread,
  };
}

export const messageWorkSource: WorkSource = {
  name: 'messages',
  appliesTo: () => true,
  todos: async ({ db, user }) => {
    const rows = await db
      .select({
        messageId: messages.messageId,
        content: messages.messageContent,
        link: messages.link,
        addTime: messages.addTime,
      })
      .from(messages)
      .where(and(eq(messages.userId, user.pkid), eq(messages.hasRead, false), isNotNull(messages.link)))
      .orderBy(desc(messages.addTime), desc(messages.messageId))
      .limit(20);
    return rows.map((row) => ({
      key: `message:${row.messageId}`,
      kind: '待阅消息',
      title: row.content,
      href: row.link!,
      dueAt: null,
      overdue: false,
      since: row.addTime,
      messageId: row.messageId,
    }));
  },
};
