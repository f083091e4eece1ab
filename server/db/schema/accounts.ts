import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { departmentKind, moduleType, userState } from '@shared/domain/statuses';
import { checkIn, timestamps, timestamptz } from './columns';
import { districts } from './reference';

/** Departments (one tree); `kind` decides defaults and what a member may see. */
export const departments = pgTable(
  'departments',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => departments.pkid, { onDelete: 'set null' }),
    districtCode: text('district_code').references(() => districts.districtCode, { onDelete: 'set null' }),
    orderIndex: integer('order_index').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    checkIn('departments_kind_check', t.kind, departmentKind.values),
    index('departments_kind_idx').on(t.kind),
    index('departments_parent_id_idx').on(t.parentId),
  ],
);

/** Roles: '1' (administrator) and the 32-hex ids of shared/domain/roles.ts. */
export const roles = pgTable('roles', {
  roleId: text('role_id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  orderIndex: integer('order_index').notNull().default(0),
});

/**
 * Accounts (spec section 3, User). Field names are the spec's. `loginpwd` holds only the salted scrypt
 * of the md5 the browser sends (server/lib/password.ts); '!' means no password login (the guest, pkid 21).
 */
export const users = pgTable(
  'users',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    loginname: text('loginname').notNull(),
    username: text('username').notNull(),
    loginpwd: text('loginpwd').notNull(),
    depid: integer('depid')
      .notNull()
      .references(() => departments.pkid),
    userphone: text('userphone'),
    useremail: text('useremail'),
    descinfo: text('descinfo'),
    userlevel: smallint('userlevel').notNull().default(3),
    userstate: smallint('userstate').notNull().default(1),
    accredit: smallint('accredit').notNull().default(0),
    submanager: smallint('submanager').notNull().default(0),
    lastLoginAt: timestamptz('last_login_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_loginname_key').on(t.loginname),
    index('users_depid_idx').on(t.depid),
    index('users_userphone_idx').on(t.userphone),
    checkIn('users_userstate_check', t.userstate, userState.values),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.pkid, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_id_idx').on(t.roleId)],
);

/**
 * Menu nodes, two levels (spec section 3, Module): type 0 is a first-level group (appMetaId = the
 * route group id), type 1 a page whose href is the route path.
 */
export const modules = pgTable(
  'modules',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    href: text('href'),
    css: text('css'),
    type: smallint('type').notNull(),
    orderindex: integer('orderindex').notNull().default(0),
    parentId: integer('parent_id').references((): AnyPgColumn => modules.pkid, { onDelete: 'cascade' }),
    appMetaId: text('app_meta_id'),
  },
  (t) => [
    checkIn('modules_type_check', t.type, moduleType.values),
    index('modules_parent_id_idx').on(t.parentId, t.orderindex),
  ],
);

export const roleModules = pgTable(
  'role_modules',
  {
    roleId: text('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => modules.pkid, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.moduleId] }),
    index('role_modules_module_id_idx').on(t.moduleId),
  ],
);

/** In-app notifications (spec section 3, Message); `link` is where the reader can act, if anywhere. */
export const messages = pgTable(
  'messages',
  {
    messageId: integer('message_id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.pkid, { onDelete: 'cascade' }),
    messageContent: text('message_content').notNull(),
    link: text('link'),
    addTime: timestamptz('add_time').notNull().defaultNow(),
    hasRead: boolean('has_read').notNull().default(false),
  },
  (t) => [
    index('messages_user_id_has_read_idx').on(t.userId, t.hasRead),
    // The page order (newest first, the id breaking ties) read straight off the index.
    index('messages_user_id_add_time_message_id_idx').on(t.userId, t.addTime, t.messageId),
  ],
);
