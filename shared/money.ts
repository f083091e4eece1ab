/**
 * Exact money (issue 14): amounts are numeric(14,2) in the database and travel as decimal strings
 * ('1234567.89'). Sums and comparisons are done in whole cents as BigInt, never in floating point, so
 * a total of a thousand contracts is the sum the database would give, to the cent.
 */

const decimalPattern = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/;

/** '1234.5' → 123450n; null for anything that is not a plain decimal with at most two decimals. */
export function toCents(value: string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return null;
  const text = typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(2) : '') : value.trim();
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** 123450n → '1234.50' (the database's own text form). */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The exact sum of decimal strings (null and unreadable values count as nothing). */
export function sumMoney(values: Iterable<string | number | null | undefined>): string {
  let total = 0n;
  for (const value of values) total += toCents(value) ?? 0n;
  return fromCents(total);
}

const digits = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const smallUnits = ['', '拾', '佰', '仟'];
const bigUnits = ['', '万', '亿', '万亿'];

/** One group of four digits (0-9999) in capitals, zeros inside collapsed to one 零. */
function group(value: number): string {
  let text = '';
  let zero = false;
  for (let position = 3; position >= 0; position -= 1) {
    const digit = Math.floor(value / 10 ** position) % 10;
    if (digit === 0) {
      if (text !== '') zero = true;
      continue;
    }
    if (zero) text += '零';
    zero = false;
    text += digits[digit] + (smallUnits[position] ?? '');
  }
  return text;
}

/**
 * The amount in Chinese capitals as written on contracts and cheques (人民币大写):
 * '123456.78' → '壹拾贰万叁仟肆佰伍拾陆元柒角捌分', '1000' → '壹仟元整', '0.05' → '零元零伍分'.
 */
export function amountInWords(value: string | number): string {
  const cents = toCents(value);
  if (cents === null) return '';
  if (cents < 0n) return `负${amountInWords(fromCents(-cents))}`;
  const yuan = cents / 100n;
  const jiao = Number((cents / 10n) % 10n);
  const fen = Number(cents % 10n);
  let integer = '';
  if (yuan === 0n) integer = '零';
  else {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0n; rest /= 10000n) groups.push(Number(rest % 10000n));
    let needZero = false;
    for (let index = groups.length - 1; index >= 0; index -= 1) {
      const part = groups[index] ?? 0;
      if (part === 0) {
        if (integer !== '') needZero = true;
        continue;
      }
      // A gap (a whole zero group, or a group below 1000 after a higher one) is read as one 零.
      if (integer !== '' && (needZero || part < 1000)) integer += '零';
      needZero = false;
      integer += group(part) + (bigUnits[index] ?? '');
    }
  }
  if (jiao === 0 && fen === 0) return `${integer}元整`;
  if (jiao === 0) return `${integer}元零${digits[fen]}分`;
  return `${integer}元${digits[jiao]}角${fen === 0 ? '' : `${digits[fen]}分`}`;
}
