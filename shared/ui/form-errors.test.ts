import { describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema } from '@shared/validation/identity';
import { fieldErrorsFromIssues, orderedErrors } from './form-errors';

describe('fieldErrorsFromIssues', () => {
  it('keeps the first message of each field, with the spec texts of the shared schema', () => {
    const result = loginSchema.safeParse({ username: '', password: '', captcha: '12' });
    expect(result.success).toBe(false);
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      username: '请输入登录账户',
      password: '请输入登录密码',
      captcha: '请输入4位验证码',
    });
  });

  it('puts a refinement on the confirmation field and a pathless issue on the fallback', () => {
    const result = registerFormSchema.safeParse({
      loginname: '测绘',
      password: 'Abcdefg1',
      confirm: 'Abcdefg2',
      username: '单位',
      userphone: '13800000000',
      phoneverify: '123456',
      usertype: '1',
    });
    expect(fieldErrorsFromIssues(result.error!.issues)).toEqual({
      loginname: '账号不能是汉字!',
      confirm: '两次输入密码不一致!',
    });
    expect(fieldErrorsFromIssues([{ path: [], message: '出错了' }], 'form')).toEqual({ form: '出错了' });
    expect(fieldErrorsFromIssues([{ path: [], message: '出错了' }])).toEqual({});
  });
});

describe('orderedErrors', () => {
  it('lists the messages in the form order and skips fields without one', () => {
    expect(
      orderedErrors({ captcha: 'c', username: 'u', password: undefined }, [
        'username',
        'password',
        'captcha',
      ]),
    ).toEqual([
      { field: 'username', message: 'u' },
      { field: 'captcha', message: 'c' },
    ]);
  });
});
