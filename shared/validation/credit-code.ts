/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from the code set
 * below (digits and capital letters without I, O, S, V, Z), the last one a check character computed
 * from the first 17 with the standard's weights. Browser and server check it with this one function.
 */

/** The code set of GB 32100 in order: a character's index is its value. */
const CODE_SET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weights of positions 1–17 (3^(i-1) mod 31). */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

export const creditCodeMessages = {
  required: '请输入统一社会信用代码',
  format: '统一社会信用代码应为18位数字或大写字母',
  checkDigit: '统一社会信用代码校验位不正确，请核对后重新输入',
} as const;

/** The check character for the first 17 characters, or null when one is outside the code set. */
export function creditCodeCheckCharacter(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CODE_SET.indexOf(first17[i] ?? '');
    if (value < 0) return null;
    sum += value * (WEIGHTS[i] as number);
  }
  const check = (31 - (sum % 31)) % 31;
  return CODE_SET[check] ?? null;
}

/** Why `code` is not a valid unified social credit code (the message), or null when it is. */
export function creditCodeProblem(code: string): string | null {
  if (!code) return creditCodeMessages.required;
  if (code.length !== 18 || [...code].some((c) => !CODE_SET.includes(c))) return creditCodeMessages.format;
  if (creditCodeCheckCharacter(code.slice(0, 17)) !== code[17]) return creditCodeMessages.checkDigit;
  return null;
}
