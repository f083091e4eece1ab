/** Dates and sizes as the hall shows them (China time, zh-CN). */
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

function parts(format: Intl.DateTimeFormat, value: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(value).map((part) => [part.type, part.value]));
}

/** 2026-03-05 (China date); a date-only string passes through. */
export function formatDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : formatDate(new Date(value));
  const p = parts(dateFormat, value);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 2026-03-05 14:30 (China time). */
export function formatDateTime(value: Date | null | undefined): string {
  if (!value) return '—';
  const p = parts(dateTimeFormat, value);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** ISO date for <time datetime>. */
export function isoDate(value: Date): string {
  return value.toISOString();
}

/** 12.3 KB, 1.5 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The type a person recognises, from a file name and content type. */
export function fileKind(fileName: string, contentType: string): string {
  const extension = fileName.split('.').pop()?.toLowerCase() ?? '';
  const known: Record<string, string> = {
    doc: 'Word 文档',
    docx: 'Word 文档',
    xls: 'Excel 表格',
    xlsx: 'Excel 表格',
    csv: 'CSV 表格',
    pdf: 'PDF 文档',
    txt: '文本文件',
    zip: '压缩包',
    png: '图片',
    jpg: '图片',
    jpeg: '图片',
  };
  return (
    known[extension] ??
    (contentType.startsWith('image/') ? '图片' : `${extension.toUpperCase() || '其他'} 文件`)
  );
}

/** 87.5% */
export function formatPercent(rate: number | null): string {
  return rate === null ? '暂无数据' : `${(rate * 100).toFixed(1)}%`;
}
