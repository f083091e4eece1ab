import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { md5Hex } from '@shared/auth/md5';
import {
  loginSchema,
  passwordChangeSchema,
  perfectDataSchema,
  profileSchema,
  registerFormSchema,
  registerRequestSchema,
  ticketRequestSchema,
  toRegisterRequest,
  userUpdateRequestSchema,
} from './identity';

/** The first problem's message and field, as the forms and the server show it. */
function problem(schema: ZodType, value: unknown): { message: string; field: string } | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { message: issue?.message ?? '', field: issue?.path.join('.') ?? '' };
}

const validRegister = {
  loginname: 'cehui2026',
  password: 'Survey2026',
  confirm: 'Survey2026',
  username: '云州测绘有限公司',
  userphone: '13812345678',
  phoneverify: '123456',
  usertype: '1',
};

describe('loginSchema (spec section 5, login)', () => {
  it.each([
    [{ username: '', password: 'x', captcha: 'abcd' }, '请输入登录账户', 'username'],
    [{ username: 'a', password: '', captcha: 'abcd' }, '请输入登录密码', 'password'],
    [{ username: 'a', password: 'x', captcha: '' }, '请输入验证码', 'captcha'],
    [{ username: 'a', password: 'x', captcha: 'abc' }, '请输入4位验证码', 'captcha'],
  ])('%o → %s', (value, message, field) => {
    expect(problem(loginSchema, value)).toEqual({ message, field });
  });

  it('accepts a complete login', () => {
    expect(problem(loginSchema, { username: 'owner01', password: 'Survey2026', captcha: 'Ab3d' })).toBeNull();
  });
});

describe('registerFormSchema (spec section 5, register)', () => {
  it.each([
    ['loginname', '', '账号不能为空'],
    ['loginname', '测绘01', '账号不能是汉字!'],
    ['password', '', '请输入密码'],
    ['password', 'survey2026', '必须是大写、小写、数字的组合且不少于8位！'],
    ['password', 'SURVEY2026', '必须是大写、小写、数字的组合且不少于8位！'],
    ['password', 'SurveyAbc', '必须是大写、小写、数字的组合且不少于8位！'],
    ['password', 'Sur2026', '必须是大写、小写、数字的组合且不少于8位！'],
    ['username', '  ', '单位名称不能为空'],
    ['userphone', '1381234567', '请输入正确手机号'],
    ['userphone', '12812345678', '请输入正确手机号'],
    ['userphone', '138123456789', '请输入正确手机号'],
    ['phoneverify', '', '请输入手机验证码'],
    ['phoneverify', '1234567', '手机验证码不超过6位'],
    ['usertype', '3', '请选择用户类型'],
  ])('%s = %o → %s', (field, value, message) => {
    expect(problem(registerFormSchema, { ...validRegister, [field]: value })).toEqual({ message, field });
  });

  it('checks the confirmation', () => {
    expect(problem(registerFormSchema, { ...validRegister, confirm: '' })).toEqual({
      message: '请再次输入密码',
      field: 'confirm',
    });
    expect(problem(registerFormSchema, { ...validRegister, confirm: 'Survey2027' })).toEqual({
      message: '两次输入密码不一致!',
      field: 'confirm',
    });
  });

  it('turns a valid form into the wire request with the password itself, checked on the server too', () => {
    const form = registerFormSchema.parse(validRegister);
    expect(form.usertype).toBe(1);
    const request = registerRequestSchema.parse(toRegisterRequest(form));
    expect(request.loginpwd).toBe('Survey2026');
    expect(request).not.toHaveProperty('password');
    for (const weak of ['a', md5Hex('Survey2026')]) {
      expect(problem(registerRequestSchema, { ...toRegisterRequest(form), loginpwd: weak })).toEqual({
        message: '必须是大写、小写、数字的组合且不少于8位！',
        field: 'loginpwd',
      });
      expect(problem(userUpdateRequestSchema, { loginpwd: weak })).toEqual({
        message: '必须是大写、小写、数字的组合且不少于8位！',
        field: 'loginpwd',
      });
    }
  });
});

describe('wire schemas', () => {
  it('ticket request: account, password as md5', () => {
    expect(problem(ticketRequestSchema, { password: md5Hex('x') })).toMatchObject({
      message: '请输入登录账户',
    });
    expect(problem(ticketRequestSchema, { username: 'a' })).toMatchObject({ message: '请输入登录密码' });
    expect(problem(ticketRequestSchema, { username: 'a', password: 'plain' })).toMatchObject({
      message: '密码格式不正确',
    });
    expect(ticketRequestSchema.parse({ username: 'a', password: md5Hex('x').toUpperCase() }).password).toBe(
      md5Hex('x'),
    );
  });

  it('perfectData: unit name, phone, type', () => {
    expect(problem(perfectDataSchema, { username: '', userphone: '13812345678', usertype: 2 })).toMatchObject(
      {
        message: '单位名称不能为空',
      },
    );
    expect(
      perfectDataSchema.parse({ username: '云州城投', userphone: '13812345678', usertype: '2' }).usertype,
    ).toBe(2);
  });
});

describe('profile and password change (spec section 5, profile)', () => {
  it('needs the real name', () => {
    expect(problem(profileSchema, { username: '' })).toEqual({
      message: '请输入真实姓名',
      field: 'username',
    });
    expect(problem(userUpdateRequestSchema, { username: ' ' })).toEqual({
      message: '请输入真实姓名',
      field: 'username',
    });
    expect(problem(profileSchema, { username: '张三', userphone: '123' })).toMatchObject({
      message: '请输入正确手机号',
    });
    expect(problem(profileSchema, { username: '张三', useremail: 'not-mail' })).toMatchObject({
      message: '请输入正确的邮箱地址',
    });
    expect(problem(profileSchema, { username: '张三', userphone: '', useremail: '' })).toBeNull();
  });

  it('password change: strength and matching confirmation', () => {
    expect(problem(passwordChangeSchema, { password: 'weak', confirm: 'weak' })).toEqual({
      message: '必须是大写、小写、数字的组合且不少于8位！',
      field: 'password',
    });
    expect(problem(passwordChangeSchema, { password: 'Survey2027', confirm: 'Survey2028' })).toEqual({
      message: '请确认两次输入密码一致',
      field: 'confirm',
    });
    expect(problem(passwordChangeSchema, { password: 'Survey2027', confirm: 'Survey2027' })).toBeNull();
  });
});
