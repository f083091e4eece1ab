/**
 * Resident ID card numbers (居民身份证号码, GB 11643-1999): 17 digits and a check character (0–9 or X)
 * computed with ISO 7064 MOD 11-2. Shared by the browser's forms and the server.
 */
import { z } from 'zod';
// Zod's configuration (jitless under the CSP, Chinese messages) wherever a schema may run.
import './locale';

export const idCardMessages = {
  required: '请输入身份证号码',
  invalid: '身份证号码不正确，请核对后重新输入',
} as const;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';

/** The check character of the first 17 digits. */
export function idCardCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] as number);
  return CHECK_CHARACTERS[sum % 11] as string;
}

/** True for an 18-character number with a valid birth date and check character (x accepted as X). */
export function isValidIdCard(value: string): boolean {
  const text = value.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(text)) return false;
  const birth = text.slice(6, 14);
  const date = new Date(`${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10).replaceAll('-', '') !== birth)
    return false;
  if (date.getUTCFullYear() < 1900) return false;
  return idCardCheckCharacter(text.slice(0, 17)) === text[17];
}

/** A required ID card number, normalised to upper case. */
export const idCardField = z
  .string(idCardMessages.required)
  .trim()
  .min(1, idCardMessages.required)
  .max(18, idCardMessages.invalid)
  .transform((value) => value.toUpperCase())
  .refine(isValidIdCard, idCardMessages.invalid);
