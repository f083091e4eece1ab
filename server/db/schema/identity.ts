import { boolean, index, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { timestamptz } from './columns';

/**
 * Single sign-on state (server/modules/identity). Every ticket and session id is stored only as its
 * SHA-256 (hex): a leaked table does not give working tickets. Rows live in the database so several
 * instances share them.
 */

/** Ticket-granting tickets: 8 hours at most, 2 hours idle (`lastUsedAt`). */
export const ssoTickets = pgTable(
  'sso_tickets',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pkid, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastUsedAt: timestamptz('last_used_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    /**
     * Signed on with a password and not yet used for a CAS service ticket: the first ticket /cas/login
     * issues from it counts as "from new login" (the protocol's renew).
     */
    freshLogin: boolean('fresh_login').notNull().default(false),
  },
  (t) => [index('sso_tickets_user_id_idx').on(t.userId), index('sso_tickets_expires_at_idx').on(t.expiresAt)],
);

/** Service tickets: one validation within 10 seconds of issue, for the service they were issued to. */
export const ssoServiceTickets = pgTable(
  'sso_service_tickets',
  {
    idHash: text('id_hash').primaryKey(),
    tgtHash: text('tgt_hash')
      .notNull()
      .references(() => ssoTickets.idHash, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    usedAt: timestamptz('used_at'),
    /** Issued right after the password was presented (CAS renew), not from the single-sign-on session. */
    fromNewLogin: boolean('from_new_login').notNull().default(false),
  },
  (t) => [index('sso_service_tickets_tgt_hash_idx').on(t.tgtHash)],
);

/**
 * Browser sessions (the session cookie). Anonymous ones carry the captcha state; a signed-in one is
 * bound to its ticket-granting ticket and ends with it (logout deletes the ticket, the cascade every
 * session opened from it, on every base).
 */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').references(() => users.pkid, { onDelete: 'cascade' }),
    tgtHash: text('tgt_hash').references(() => ssoTickets.idHash, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    /** Anonymous sessions only; a signed-in session lives as long as its ticket. */
    expiresAt: timestamptz('expires_at').notNull(),
    captchaCode: text('captcha_code'),
    captchaIssuedAt: timestamptz('captcha_issued_at'),
    captchaFailures: smallint('captcha_failures').notNull().default(0),
    captchaVerifiedAt: timestamptz('captcha_verified_at'),
    /** External entry: the provincial login name checked for this browser, awaiting perfectData. */
    pendingLoginName: text('pending_login_name'),
  },
  (t) => [
    index('sso_sessions_tgt_hash_idx').on(t.tgtHash),
    index('sso_sessions_user_id_idx').on(t.userId),
    index('sso_sessions_expires_at_idx').on(t.expiresAt),
  ],
);

/** Password attempts, for the lockout (5 failures per account or per address within 15 minutes). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    loginname: text('loginname').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('login_attempts_loginname_at_idx').on(t.loginname, t.at),
    index('login_attempts_ip_at_idx').on(t.ip, t.at),
  ],
);

/** Phone verification codes (whatever the SMS provider); one use, 10 minutes. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    userphone: text('userphone').notNull(),
    code: text('code').notNull(),
    /** The requesting address: one address may not flood many numbers. */
    ip: text('ip').notNull().default(''),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    failures: smallint('failures').notNull().default(0),
  },
  (t) => [
    index('sms_codes_userphone_created_at_idx').on(t.userphone, t.createdAt),
    index('sms_codes_ip_created_at_idx').on(t.ip, t.createdAt),
  ],
);

/** The default SMS provider: messages are written here instead of being sent (administrators read them). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    userphone: text('userphone').notNull(),
    content: text('content').notNull(),
    code: text('code'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('sms_outbox_userphone_created_at_idx').on(t.userphone, t.createdAt)],
);
