/**
 * What a domain contributes to the work home (工作台): its open tasks for the user (to-dos) and its
 * items by status (counts). Each domain declares its source beside its service; the composition root
 * lists them once (server/work-sources.ts) and hands the list to the workbench, which imports no
 * domain (decision 0009).
 */
import type { AppContext } from '@server/app-context';
import type { Database } from '@server/db/database';
import type { SessionUser } from '@server/modules/identity';

export interface WorkContext {
  /** The application (its configuration and services), for sources whose services take it. */
  app: AppContext;
  db: Database;
  user: SessionUser;
  /** The product's clock (overdue marks). */
  now: Date;
}

/** One open task: what to do, where, by when. */
export interface OpenTask {
  /** Unique across sources: `${kind code}:${id}`. */
  key: string;
  kind: string;
  title: string;
  href: string;
  dueAt: Date | null;
  overdue: boolean;
  since: Date | null;
  holderName?: string | null;
  /** A 待阅消息 to-do's message: opening the to-do marks it read (project/message/update). */
  messageId?: number;
}

/** A count of the user's own items in one status (or one queue), with the page that lists them. */
export interface ItemCount {
  group: string;
  label: string;
  count: number;
  href: string | null;
  overdue?: number;
  mine?: number;
}

export interface WorkSource {
  /** For error messages and tests. */
  name: string;
  /** Whether the source concerns the user at all (by role); a source that does not is not asked. */
  appliesTo: (user: SessionUser) => boolean;
  todos?: (ctx: WorkContext) => Promise<OpenTask[]>;
  counts?: (ctx: WorkContext) => Promise<ItemCount[]>;
}

export interface RecentMessage {
  messageId: number;
  content: string;
  link: string | null;
  addTime: Date;
  hasRead: boolean;
}

/** Everything the work home reads, handed in by the composition root. */
export interface WorkSources {
  tasks: readonly WorkSource[];
  /** The user's newest messages and unread count (the messages module). */
  messages: (ctx: WorkContext, limit: number) => Promise<{ rows: RecentMessage[]; unread: number }>;
}
