/**
 * CAS Protocol 3.0 as Apereo CAS documents it (issue 11, docs/cas.md), beside the spec's own ticket
 * calls in ./identity.ts: the login page, ticket validation (CAS 1.0 text, 2.0/3.0 XML or JSON), the
 * REST protocol for programs (/v1/tickets), and the registry of services allowed to get tickets.
 * Protocol answers are built by the handlers (`raw`): their inputs are all optional, because a
 * missing parameter is answered in the protocol's own words (INVALID_REQUEST), not with our 400.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import { casAttributeNames, casServiceFormSchema } from '@shared/validation/cas';
import { pagingSchema } from '@shared/validation/lists';
import { wholeNumber } from '@shared/validation/numbers';
import { defineCalls } from './define';
import { dateTime } from './wire';

const param = (max: number) => z.string().max(max, '参数过长').optional();

const validateInput = z.object({
  service: param(2000),
  ticket: param(200),
  renew: param(10),
  /** Accepted and ignored: no proxy granting tickets are issued. */
  pgtUrl: param(2000),
  format: param(10),
});

const v1Credentials = z.object({
  username: z.string({ error: '请输入登录账户' }).trim().min(1, '请输入登录账户').max(100, '请输入登录账户'),
  password: z.string({ error: '请输入登录密码' }).min(1, '请输入登录密码').max(200, '请输入登录密码'),
});

const tgtParam = z.string().trim().min(1, '登录已失效，请重新登录').max(200, '登录已失效，请重新登录');

export const casProtocolCalls = defineCalls('casProtocol', {
  login: {
    summary: 'CAS 登录（浏览器）',
    description:
      '已登录的浏览器重定向到 service?ticket=ST-…（renew=true 时须重新输入密码）；未登录且 gateway=true 时不带票据回到 service；否则进入登录页 /login。service 须已注册。',
    base: 'cas',
    path: 'login',
    method: 'GET',
    input: z.object({ service: param(2000), renew: param(10), gateway: param(10) }),
    envelope: 'raw',
    produces: 'text/html',
    access: 'public',
  },
  validate: {
    summary: 'CAS 1.0 票据校验',
    description: '应答为文本：成功 "yes\\n登录账号\\n"，失败 "no\\n\\n"。',
    base: 'cas',
    path: 'validate',
    method: 'GET',
    input: validateInput,
    envelope: 'raw',
    produces: 'text/plain',
    access: 'public',
  },
  serviceValidate: {
    summary: 'CAS 2.0 票据校验（XML，format=JSON 时为 JSON）',
    base: 'cas',
    path: 'serviceValidate',
    method: 'GET',
    input: validateInput,
    envelope: 'raw',
    produces: 'application/xml',
    access: 'public',
  },
  p3ServiceValidate: {
    summary: 'CAS 3.0 票据校验，附带该服务可见的用户属性',
    base: 'cas',
    path: 'p3/serviceValidate',
    method: 'GET',
    input: validateInput,
    envelope: 'raw',
    produces: 'application/xml',
    access: 'public',
  },
  proxy: {
    summary: '代理票据（本系统不签发，按协议拒绝）',
    base: 'cas',
    path: 'proxy',
    method: 'GET',
    input: z.object({ pgt: param(200), targetService: param(2000) }),
    envelope: 'raw',
    produces: 'application/xml',
    access: 'public',
  },
  v1GrantingTicket: {
    summary: 'REST 协议：用账号和密码（明文）换取 TGT',
    description:
      '只接受 TLS（直接或经 TRUST_PROXY 的 X-Forwarded-Proto）或本机回环地址的请求。201，Location 为 TGT 地址。不需要验证码，登录失败锁定规则照常。',
    base: 'cas',
    path: 'v1/tickets',
    method: 'POST',
    input: v1Credentials,
    envelope: 'raw',
    produces: 'text/html',
    access: 'public',
  },
  v1ServiceTicket: {
    summary: 'REST 协议：用 TGT 为已注册服务签发 ST',
    base: 'cas',
    path: 'v1/tickets/{tgt}',
    method: 'POST',
    input: z.object({
      tgt: tgtParam,
      service: z
        .string({ error: '缺少 service 参数' })
        .trim()
        .min(1, '缺少 service 参数')
        .max(2000, '缺少 service 参数'),
    }),
    envelope: 'raw',
    produces: 'text/plain',
    access: 'public',
  },
  v1EndTicket: {
    summary: 'REST 协议：结束 TGT（单点退出）',
    base: 'cas',
    path: 'v1/tickets/{tgt}',
    method: 'DELETE',
    input: z.object({ tgt: tgtParam }),
    envelope: 'raw',
    produces: 'text/plain',
    access: 'public',
  },
});

export const casServiceRowSchema = z.object({
  /** 0 for the built-in row; a file's own id for file services. */
  id: z.number().int().min(0),
  name: z.string(),
  serviceId: z.string(),
  attributes: z.array(z.enum(casAttributeNames)),
  logoutUrl: z.string().nullable(),
  enabled: z.boolean(),
  /** console: editable here; file: from CAS_SERVICE_REGISTRY; builtin: this site's own pages. */
  source: z.enum(['console', 'file', 'builtin']),
  updatedAt: dateTime.nullable(),
});
export type CasServiceRow = z.infer<typeof casServiceRowSchema>;

export const casServiceCalls = defineCalls('casServices', {
  list: {
    summary: '统一登录接入服务列表（含内置与配置文件中的服务）',
    base: 'cas',
    path: 'services/list',
    method: 'GET',
    input: pagingSchema,
    output: casServiceRowSchema,
    envelope: 'page',
    paging: { page: 'page', size: 'rows' },
    access: [roles.admin.id],
  },
  save: {
    summary: '新增或修改接入服务',
    base: 'cas',
    path: 'services/save',
    method: 'POST',
    encoding: 'json',
    input: casServiceFormSchema.extend({ id: wholeNumber('服务不存在').optional() }),
    output: casServiceRowSchema,
    envelope: 'result',
    access: [roles.admin.id],
  },
  remove: {
    summary: '删除接入服务',
    base: 'cas',
    path: 'services/delete',
    method: 'POST',
    input: z.object({ id: wholeNumber('服务不存在') }),
    envelope: 'result',
    access: [roles.admin.id],
  },
});

/** The spec's /check page: confirms this browser's sign-on, from a service ticket or its session. */
export const casCheckCalls = defineCalls('casCheck', {
  check: {
    summary: '确认本浏览器的登录（/check 页面调用）',
    description:
      'ticket 为 /cas/login 为本站 /check 地址（service，须与签发时完全相同）签发的 ST：校验后打开本浏览器的会话。没有 ticket 时只回答是否已登录。',
    base: 'cas',
    path: 'check',
    method: 'GET',
    changesState: false,
    input: z.object({ ticket: param(200), service: param(2000) }),
    output: z.object({ signedIn: z.boolean() }),
    envelope: 'result',
    access: 'public',
  },
});
