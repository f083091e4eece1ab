/**
 * Identity forms and requests (spec section 5), with the spec's messages to the character. The
 * browser validates the typed (plain) values with the `...FormSchema`s, and the server the
 * `...RequestSchema`s. Sign-on carries the password as the lowercase MD5 hex of what was typed (spec
 * section 7); registration and password change carry the password itself (over HTTPS), so the server
 * enforces the strength rule too, then stores the same slow hash of its MD5 hex as for every account.
 * Each message lives once, in `identityMessages` (./identity-messages.ts).
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';
import { identityMessages } from './identity-messages';

export { identityMessages };

const m = identityMessages;

/** At least 8 characters with an upper-case letter, a lower-case letter and a digit (spec section 5). */
export const PASSWORD_STRENGTH = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
/** Mainland mobile: 11 digits, 1 then 3-9 (spec section 5). */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
/** Any CJK ideograph: accounts may not contain them ('账号不能是汉字!'). */
const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;
const MD5_HEX = /^[0-9a-fA-F]{32}$/;

export const CAPTCHA_LENGTH = 4;
export const PHONE_CODE_LENGTH = 6;

/** User types of registration: 1 surveying agency, 2 construction owner. */
export const userTypes = { agency: 1, owner: 2 } as const;
export type UserType = (typeof userTypes)[keyof typeof userTypes];

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Longest login account and display (unit or person) name: what a person can type, not a megabyte. */
export const ACCOUNT_MAX = 30;
export const DISPLAY_NAME_MAX = 100;

/**
 * Account names a registrant may not take (case-insensitive), and display names that would pass for
 * the service's own staff.
 */
const RESERVED_ACCOUNTS = [
  'admin',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'superuser',
  'guest',
  'test',
  'operator',
  'support',
  'service',
  'cas',
];
const RESERVED_NAMES = ['系统管理员', '管理员', '超级管理员', '系统', '平台管理员', '客服', '官方', '运维'];

export function isReservedAccount(value: string): boolean {
  return RESERVED_ACCOUNTS.includes(value.trim().toLowerCase());
}

export function isReservedDisplayName(value: string): boolean {
  const name = value.replace(/\s/g, '');
  return RESERVED_NAMES.some((reserved) => name === reserved || name.endsWith(reserved));
}

const captcha = required(m.captchaRequired).length(CAPTCHA_LENGTH, m.captchaLength);
const account = required(m.accountRequired)
  .max(ACCOUNT_MAX, m.accountTooLong)
  .refine((value) => !CHINESE.test(value), m.accountChinese);
/** A new account: also not a reserved name. */
const newAccount = account.refine((value) => !isReservedAccount(value), m.accountReserved);
/** A unit's or person's name as others will see it. */
const plainDisplayName = (message: string) => required(message).max(DISPLAY_NAME_MAX, m.displayNameTooLong);
/** …chosen by a new registrant: not a name that passes for the service's staff. */
const displayName = (message: string) =>
  plainDisplayName(message).refine((value) => !isReservedDisplayName(value), m.displayNameReserved);
const strongPassword = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .regex(PASSWORD_STRENGTH, m.passwordStrength);
const mobile = z.string({ error: m.phoneInvalid }).trim().regex(MOBILE_PATTERN, m.phoneInvalid);
const phoneCode = required(m.phoneCodeRequired).max(PHONE_CODE_LENGTH, m.phoneCodeLength);
const userType = z.coerce
  .number({ error: m.userTypeInvalid })
  .refine((value) => value === userTypes.agency || value === userTypes.owner, m.userTypeInvalid)
  .transform((value) => value as UserType);
/** The md5 hex the browser sends in place of a password. */
const passwordHash = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .regex(MD5_HEX, m.passwordHashInvalid)
    .transform((value) => value.toLowerCase());
const optionalEmail = z
  .string()
  .trim()
  .max(100, m.emailInvalid)
  .refine((value) => value === '' || z.email().safeParse(value).success, m.emailInvalid)
  .optional();

// ---- Login ----

/** The login tab (browser, plain password). */
export const loginSchema = z.object({
  username: required(m.loginAccountRequired),
  password: z.string({ error: m.loginPasswordRequired }).min(1, m.loginPasswordRequired),
  captcha,
});
export type LoginForm = z.infer<typeof loginSchema>;

/**
 * `POST {cas}/rest/tickets` (form). `password` is the md5 hex. `captcha` is optional: the same browser
 * session must have verified one (verifyq.do) in the last 5 minutes, or send it here.
 */
export const ticketRequestSchema = z.object({
  username: required(m.loginAccountRequired),
  password: passwordHash(m.loginPasswordRequired),
  captcha: z.string().trim().optional(),
});
export type TicketRequest = z.infer<typeof ticketRequestSchema>;

/** `POST {cas}/captcha/verifyq.do` (body captcha). */
export const captchaRequestSchema = z.object({ captcha });

// ---- Register ----

/** The register tab (browser, plain passwords). */
export const registerFormSchema = z
  .object({
    loginname: newAccount,
    password: strongPassword,
    confirm: z.string({ error: m.confirmRequired }).min(1, m.confirmRequired),
    username: displayName(m.unitNameRequired),
    userphone: mobile,
    phoneverify: phoneCode,
    usertype: userType,
  })
  .refine((form) => form.password === form.confirm, { message: m.confirmMismatch, path: ['confirm'] });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/**
 * `POST {uc}/user.json?captcha&phoneverify` with the user in the body (form or JSON). `loginpwd` is
 * the typed password (checked against the strength rule); `phoneverify` may come in the query or the
 * body.
 */
export const registerRequestSchema = z.object({
  loginname: newAccount,
  loginpwd: strongPassword,
  username: displayName(m.unitNameRequired),
  userphone: mobile,
  phoneverify: phoneCode,
  usertype: userType,
  useremail: optionalEmail,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The wire body of a registration from the validated form. */
export function toRegisterRequest(form: RegisterForm) {
  return {
    loginname: form.loginname,
    loginpwd: form.password,
    username: form.username,
    userphone: form.userphone,
    phoneverify: form.phoneverify,
    usertype: form.usertype,
  } satisfies z.input<typeof registerRequestSchema>;
}

/** `GET {uc}/sendShortMessage?userphone=`. */
export const phoneCodeRequestSchema = z.object({ userphone: mobile });

/** `GET {uc}/user/isrepeat.json?username=` (the login account to check). */
export const usernameCheckSchema = z.object({ username: account });

// ---- Profile and password ----

/** The profile dialog (browser): the real name is required; phone and email as typed. */
export const profileSchema = z.object({
  username: plainDisplayName(m.realNameRequired),
  userphone: z
    .string()
    .trim()
    .refine((value) => value === '' || MOBILE_PATTERN.test(value), m.phoneInvalid)
    .optional(),
  useremail: optionalEmail,
});
export type ProfileForm = z.infer<typeof profileSchema>;

/** The password-change part of the profile dialog (browser, plain). */
export const passwordChangeSchema = z
  .object({
    password: strongPassword,
    confirm: z.string({ error: m.confirmRequired }).min(1, m.confirmRequired),
  })
  .refine((form) => form.password === form.confirm, {
    message: m.passwordConfirmMismatch,
    path: ['confirm'],
  });
export type PasswordChangeForm = z.infer<typeof passwordChangeSchema>;

/**
 * `PUT {uc}/user/{pkid}.json` (form or JSON): any of the profile fields, and `loginpwd` (the new
 * password itself, checked against the strength rule) to change the password. Fields left out stay as they are.
 */
export const userUpdateRequestSchema = z.object({
  /** Reserved names are refused for everyone but administrators (server: updateUser). */
  username: plainDisplayName(m.realNameRequired).optional(),
  userphone: profileSchema.shape.userphone,
  useremail: optionalEmail,
  descinfo: z.string().trim().max(500).optional(),
  loginpwd: strongPassword.optional(),
});
export type UserUpdateRequest = z.infer<typeof userUpdateRequestSchema>;

/** `POST {task}/register/perfectData`: a first-time external user completes their data. */
export const perfectDataSchema = z.object({
  username: displayName(m.unitNameRequired),
  userphone: mobile,
  usertype: userType,
});
export type PerfectDataRequest = z.infer<typeof perfectDataSchema>;
