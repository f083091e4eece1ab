import { describe, expect, it } from 'vitest';
import { containsPattern } from './contains-pattern';

describe('containsPattern', () => {
  it('wraps the text in % and makes wildcards typed by a person literal', () => {
    expect(containsPattern('测绘')).toBe('%测绘%');
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
