/**
 * Dates and sizes as every screen shows them, hall and console alike: China time whatever the
 * browser's zone, `2026-03-05` and `2026-03-05 14:30`, sizes in B/KB/MB/GB.
 */
const dateFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const dateTimeFormat = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

type DateInput = Date | string | null | undefined;

/** The date of a value, or what to show instead: '—' for none, an unreadable string as it is. */
function readDate(value: DateInput): Date | string {
  if (value === null || value === undefined || value === '') return '—';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '—';
  return date;
}

function parts(format: Intl.DateTimeFormat, value: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(value).map((part) => [part.type, part.value]));
}

/** 2026-03-05 (China date); a date-only string passes through as it is. */
export function formatDate(value: DateInput): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = readDate(value);
  if (typeof date === 'string') return date;
  const p = parts(dateFormat, date);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 2026-03-05 14:30 (China time). */
export function formatDateTime(value: DateInput): string {
  const date = readDate(value);
  if (typeof date === 'string') return date;
  const p = parts(dateTimeFormat, date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const sizeUnits = ['B', 'KB', 'MB', 'GB'];

/** 512 B, 12.3 KB, 1.5 MB. */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${sizeUnits[unit]}`;
}

/**
 * ¥1,234,567.00. Amounts travel as decimal strings ('1234567.00', numeric(14,2)) so they stay exact;
 * a number is accepted too. An unreadable value shows as '—'.
 */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return '—';
  const [, sign, whole, fraction = ''] = match as unknown as [string, string, string, string?];
  // Grouped as text: a float would not keep every cent of a numeric(14,2) amount.
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${grouped}.${fraction.padEnd(2, '0')}`;
}
