import { describe, expect, it } from 'vitest';
import { creditCodeMessages, creditCodeProblem } from './credit-code';
import { agencyFieldsSchema } from './agencies';

describe('unified social credit code (GB 32100)', () => {
  it('accepts codes with a right check character', () => {
    // The standard's published example and a code of the demo city.
    expect(creditCodeProblem('91350100M000100Y43')).toBeNull();
    expect(creditCodeProblem('91379902MA3C0DE1XC')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(creditCodeProblem('91350100M000100Y44')).toBe(creditCodeMessages.checkDigit);
    expect(creditCodeProblem('91350100M000100Y4')).toBe(creditCodeMessages.format);
    expect(creditCodeProblem('91350100M000100YI3')).toBe(creditCodeMessages.format);
    expect(creditCodeProblem('')).toBe(creditCodeMessages.required);
  });

  it('the form schema upper-cases and reports the message on the field', () => {
    const result = agencyFieldsSchema.shape.credential.safeParse('91350100m000100y44');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(creditCodeMessages.checkDigit);
    expect(agencyFieldsSchema.shape.credential.parse('91350100m000100y43')).toBe('91350100M000100Y43');
  });
});
