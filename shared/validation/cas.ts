/**
 * The CAS service registry (server/modules/cas): what an administrator enters for a service, and the
 * fixed list of user attributes a service may be given at /cas/p3/serviceValidate.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';

/** The attributes a service may see (issue 11), named as they travel in the CAS answer. */
export const casAttributeNames = [
  'loginname',
  'username',
  'depname',
  'depid',
  'roles',
  'userphone',
  'useremail',
] as const;
export type CasAttributeName = (typeof casAttributeNames)[number];

export const casAttributeLabels: Record<CasAttributeName, string> = {
  loginname: '登录账号（loginname）',
  username: '姓名或单位名称（username）',
  depname: '部门名称（depname）',
  depid: '部门编号（depid）',
  roles: '角色编号（roles）',
  userphone: '手机号码（userphone）',
  useremail: '电子邮箱（useremail）',
};

export const casMessages = {
  nameRequired: '请输入服务名称',
  patternRequired: '请输入服务地址规则',
  patternInvalid: '服务地址规则不是有效的正则表达式',
  logoutUrlInvalid: '退出通知地址须为 http 或 https 地址',
  unregisteredService: '该应用未在统一登录中注册，不能签发登录票据',
  serviceNotFound: '服务不存在',
  saved: '保存成功',
  deleted: '删除成功',
} as const;

/** True when `pattern` compiles as a JavaScript regular expression (Apereo's serviceId is one). */
export function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** An http(s) URL without control characters or backslashes (a browser would read them otherwise). */
export function isHttpUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters make a URL dubious
  if (/[\u0000-\u001f\u007f\\\s]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
  } catch {
    return false;
  }
}

const attributeList = z.array(z.enum(casAttributeNames, { error: '请选择列表中的属性' })).max(7);

/** The console's form, and what `POST {cas}/services/save` takes (id absent: a new service). */
export const casServiceFormSchema = z.object({
  name: z
    .string({ error: casMessages.nameRequired })
    .trim()
    .min(1, casMessages.nameRequired)
    .max(100, '服务名称不能超过 100 个字'),
  serviceId: z
    .string({ error: casMessages.patternRequired })
    .trim()
    .min(1, casMessages.patternRequired)
    .max(500, '服务地址规则不能超过 500 个字符')
    .refine(isValidPattern, casMessages.patternInvalid),
  attributes: attributeList,
  logoutUrl: z
    .string()
    .trim()
    .max(2000, '退出通知地址不能超过 2000 个字符')
    .refine((value) => value === '' || isHttpUrl(value), casMessages.logoutUrlInvalid),
  enabled: z.boolean(),
});
export type CasServiceForm = z.infer<typeof casServiceFormSchema>;
