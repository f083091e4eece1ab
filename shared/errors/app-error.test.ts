import { describe, expect, it } from 'vitest';
import { AppError, messageOf, toAppError } from './app-error';

describe('toAppError / messageOf', () => {
  it('keeps an AppError as it is', () => {
    const error = new AppError('conflict', { message: '名称已存在' });
    expect(toAppError(error)).toBe(error);
    expect(messageOf(error)).toBe('名称已存在');
  });

  it('turns anything else into the internal error with its Chinese message, keeping the cause', () => {
    const cause = new TypeError('Failed to fetch');
    const error = toAppError(cause);
    expect(error.code).toBe('internal');
    expect(error.cause).toBe(cause);
    expect(messageOf(cause)).toBe('系统繁忙，请稍后重试');
    expect(messageOf('text')).toBe(new AppError('internal').message);
  });
});
