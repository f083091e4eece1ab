/**
 * Identity (spec section 7; docs/decisions/0004): single sign-on under the cas base, the user service
 * under uc, `{base}/service` on every other base (opens that base's session with a service ticket),
 * and the external entry under task. The CAS ticket calls answer the protocol's HTML and text, so they
 * are `raw`.
 */
import { z } from 'zod';
import type { ApiBaseName } from '@shared/api/bases';
import { roles } from '@shared/domain/roles';
import {
  captchaRequestSchema,
  perfectDataSchema,
  phoneCodeRequestSchema,
  registerRequestSchema,
  ticketRequestSchema,
  usernameCheckSchema,
  userUpdateRequestSchema,
} from '@shared/validation/identity';
import { wholeNumber } from '@shared/validation/numbers';
import { defineCalls, type CallSpec } from './define';
import { dateTime, id } from './wire';

const text = z.string().nullable().optional();

/** `GET {uc}/user/current.json`: spec section 3, "User" (never the password hash). */
export const currentUserSchema = z.object({
  pkid: id,
  loginname: z.string().describe('登录账号'),
  username: z.string().describe('姓名或单位名称'),
  depid: z.number().int().nullable().optional(),
  depname: text,
  userphone: text,
  useremail: text,
  userlevel: z.number().int().nullable().optional(),
  roleid: z.string().nullable().optional().describe('角色编号，多个以逗号分隔'),
  userstate: z.number().int().nullable().optional(),
});

/** A user as the user service shows them to themselves or an administrator. */
export const publicUserSchema = currentUserSchema.extend({
  descinfo: z.string().nullable(),
  accredit: z.number().int(),
  submanager: z.number().int(),
});

/** `GET {uc}/module/permis/{userId}.json`: spec section 3, "Module menu node". */
export interface ModuleNode {
  pkid: number | string;
  name: string;
  href?: string | null;
  css?: string | null;
  type?: number | string | null;
  orderindex?: number | null;
  children?: ModuleNode[] | null;
  appMetaId?: string | null;
}
export const moduleNodeSchema: z.ZodType<ModuleNode> = z.lazy(() =>
  z.object({
    pkid: z.union([z.number(), z.string()]),
    name: z.string(),
    href: text,
    css: text,
    type: z.union([z.number(), z.string()]).nullable().optional(),
    orderindex: z.number().nullable().optional(),
    children: z.array(moduleNodeSchema).nullable().optional(),
    appMetaId: text,
  }),
);

const userIdSchema = z.object({ id: wholeNumber('用户不存在') });

const serviceTicketRequestSchema = z.object({
  tgt: z.string().trim().min(1, '登录已失效，请重新登录').max(200, '登录已失效，请重新登录'),
  service: z
    .string({ error: '缺少 service 参数' })
    .trim()
    .min(1, '缺少 service 参数')
    .max(2000, '缺少 service 参数')
    // Issue 11, finding 7: a ticket is issued only for an address that parses as a URL (absolute,
    // or a path of ours), without control characters or backslashes a browser would rewrite.
    .refine(isServiceAddress, 'service 参数不是有效的地址'),
});

/** An http(s) URL or a path on our site, as a browser would read it. */
function isServiceAddress(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && URL.canParse(value, 'http://service.invalid');
  return /^https?:\/\//i.test(value) && URL.canParse(value);
}

const optionalText = (max: number) => z.string().trim().max(max).optional();

export const casCalls = defineCalls('cas', {
  signOn: {
    summary: '登录，签发票据授予票据（TGT）',
    description:
      '表单 username、password（密码的小写 MD5）、captcha。成功时 201，HTML 中表单 action 以 /rest/tickets/TGT-… 结尾，并设置 CASTGC Cookie。',
    base: 'cas',
    path: 'rest/tickets',
    method: 'POST',
    input: ticketRequestSchema,
    envelope: 'raw',
    produces: 'text/html',
    access: 'public',
  },
  serviceTicket: {
    summary: '为某个服务签发服务票据（ST）',
    description: '应答正文为 ST-… 文本；服务地址用 GET {base}/service?ticket= 兑换会话。',
    base: 'cas',
    path: 'rest/tickets/{tgt}',
    method: 'POST',
    input: serviceTicketRequestSchema,
    envelope: 'raw',
    produces: 'text/plain',
    access: 'public',
  },
  logout: {
    summary: '退出登录',
    description: 'service 为本站路径时重定向过去；浏览器请求重定向到首页；其他请求得到 JSON。',
    base: 'cas',
    path: 'logout',
    method: 'GET',
    input: z.object({ service: optionalText(2000) }),
    envelope: 'raw',
    produces: 'application/json',
    access: 'public',
  },
  endTicket: {
    summary: '结束指定的票据授予票据（外部系统退出）',
    base: 'cas',
    path: 'deleteTgtEx',
    method: 'GET',
    input: z.object({ tgt: optionalText(200), geoServiceTicket: optionalText(200) }),
    envelope: 'result',
    access: 'public',
  },
  captcha: {
    summary: '图形验证码',
    base: 'cas',
    path: 'captcha/captcha.do',
    method: 'GET',
    envelope: 'raw',
    produces: 'image/svg+xml',
    access: 'public',
  },
  verifyCaptcha: {
    summary: '校验图形验证码',
    base: 'cas',
    path: 'captcha/verifyq.do',
    method: 'POST',
    input: captchaRequestSchema,
    envelope: 'result',
    access: 'public',
  },
});

export const userCalls = defineCalls('users', {
  sendPhoneCode: {
    summary: '发送手机验证码',
    base: 'uc',
    path: 'sendShortMessage',
    method: 'GET',
    changesState: true,
    input: phoneCodeRequestSchema,
    envelope: 'result',
    access: 'public',
  },
  smsOutbox: {
    summary: '短信发件箱（演示与测试）',
    base: 'uc',
    path: 'sms/outbox.json',
    method: 'GET',
    input: z.object({ userphone: optionalText(20) }),
    output: z.array(
      z.object({
        id: id,
        userphone: z.string(),
        content: z.string(),
        code: z.string().nullable(),
        createdAt: dateTime,
      }),
    ),
    envelope: 'result',
    access: [roles.admin.id],
  },
  isLoginnameTaken: {
    summary: '检查登录账号是否已被使用',
    base: 'uc',
    path: 'user/isrepeat.json',
    method: 'GET',
    input: usernameCheckSchema,
    output: z.boolean().describe('true：已被使用'),
    envelope: 'result',
    access: 'public',
  },
  register: {
    summary: '注册',
    base: 'uc',
    path: 'user.json',
    method: 'POST',
    queryFields: ['phoneverify'],
    description:
      '用户字段（表单或 JSON）。loginpwd 为密码本身（不是 MD5），服务端按“必须是大写、小写、数字的组合且不少于8位！”校验，保存其小写 MD5 的加盐慢哈希，登录仍提交小写 MD5。',
    input: registerRequestSchema,
    envelope: 'result',
    access: 'public',
  },
  current: {
    summary: '当前登录用户',
    base: 'uc',
    path: 'user/current.json',
    method: 'GET',
    output: currentUserSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  departmentUsers: {
    summary: '部门成员（管理员任意部门，其他用户本部门）',
    base: 'uc',
    path: 'user/queryByDept.json',
    method: 'GET',
    input: z.object({ depid: wholeNumber('请选择部门') }),
    output: z.array(publicUserSchema),
    envelope: 'result',
    access: 'signed-in',
  },
  user: {
    summary: '用户信息（本人或管理员）',
    base: 'uc',
    path: 'user/{id}.json',
    method: 'GET',
    input: userIdSchema,
    output: publicUserSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  updateUser: {
    summary: '修改用户信息或密码（本人或管理员）',
    base: 'uc',
    path: 'user/{id}.json',
    method: 'PUT',
    description:
      '未提交的字段保持不变。loginpwd 为新密码本身（不是 MD5），服务端按强度规则校验；修改密码结束该账号的其他登录。',
    input: userUpdateRequestSchema.extend(userIdSchema.shape),
    output: publicUserSchema,
    envelope: 'result',
    access: 'signed-in',
  },
  endSignOn: {
    summary: '结束用户的全部登录（管理员）',
    base: 'uc',
    path: 'user/{id}/logout.json',
    method: 'POST',
    description: '结束该用户的全部统一认证登录（所有票据和会话），并向其访问过的已接入应用发送单点退出通知。',
    input: userIdSchema,
    envelope: 'result',
    access: [roles.admin.id],
  },
  modules: {
    summary: '用户的功能菜单',
    base: 'uc',
    path: 'module/permis/{id}.json',
    method: 'GET',
    input: userIdSchema,
    output: z.array(moduleNodeSchema),
    envelope: 'result',
    access: 'signed-in',
  },
  childDepartments: {
    summary: '下级部门（管理员任意部门，其他用户本部门）',
    base: 'uc',
    path: 'department/child/useAdminPri/{deptId}',
    method: 'GET',
    input: z.object({ deptId: wholeNumber('部门不存在') }),
    output: z.array(
      z.object({ pkid: id, name: z.string(), kind: z.string(), parentId: z.number().int().nullable() }),
    ),
    envelope: 'result',
    access: 'signed-in',
  },
});

/** Bases that have a `service` endpoint: every base but the sign-on server itself. */
export const serviceBaseNames = ['business', 'workflow', 'task', 'uc', 'archive', 'notices'] as const;
export type ServiceBaseName = (typeof serviceBaseNames)[number];

function serviceSpec(base: ApiBaseName) {
  return {
    summary: '用服务票据打开本服务的会话',
    description: 'ticket 为 POST {cas}/rest/tickets/{TGT} 为本服务地址签发的 ST。',
    base,
    path: 'service',
    method: 'GET',
    changesState: false,
    input: z.object({ ticket: z.string().trim().max(200).default('') }),
    envelope: 'result',
    access: 'public',
  } as const satisfies CallSpec;
}

export const serviceCalls = defineCalls('services', {
  business: serviceSpec('business'),
  workflow: serviceSpec('workflow'),
  task: serviceSpec('task'),
  uc: serviceSpec('uc'),
  archive: serviceSpec('archive'),
  notices: serviceSpec('notices'),
}) satisfies Record<ServiceBaseName, unknown>;

export const entryCalls = defineCalls('externalEntry', {
  checkTicket: {
    summary: '外部系统票据登录（新系统）',
    base: 'task',
    path: 'newSystemLogin/checkTicket',
    method: 'POST',
    input: z.object({ ticket: z.string().trim().max(500).default('') }),
    output: z.object({ loginName: z.string(), needPerfect: z.boolean() }),
    envelope: 'result',
    access: 'public',
  },
  loginCheck: {
    summary: '外部系统票据登录（按账号校验）',
    base: 'task',
    path: 'system-login/loginCheckKX',
    method: 'GET',
    input: z.object({
      loginName: z.string().trim().max(100).default(''),
      ticketId: z.string().trim().max(500).default(''),
    }),
    output: z.object({ loginName: z.string(), needPerfect: z.boolean() }),
    envelope: 'result',
    access: 'public',
  },
  perfectData: {
    summary: '首次外部登录的用户完善信息',
    base: 'task',
    path: 'register/perfectData',
    method: 'POST',
    input: perfectDataSchema,
    envelope: 'result',
    access: 'public',
  },
});
