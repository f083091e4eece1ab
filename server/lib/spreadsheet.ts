/**
 * Every .xlsx export of the product (agentorg/exportExcel, construction/exportExcel, …) is written
 * here, once: exceljs's streaming WorkbookWriter straight into the HTTP response, the rows read from
 * the database batch by batch, so a 10,000-row export never holds the whole sheet in memory
 * (spreadsheet.test.ts measures it). Chinese headers, the header row frozen, readable widths, dates as
 * real Excel dates and money as numbers with two decimals.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { and, eq, lt, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import { contentDisposition } from '@server/lib/file-response';
import { fromCents, toCents } from '@shared/money';

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How a column's values are written: text as is, dates as Excel dates, money with two decimals. */
export type SheetColumnKind = 'text' | 'integer' | 'money' | 'date' | 'dateTime';

export type SheetValue = string | number | Date | null | undefined;

export interface SheetColumn<Row> {
  header: string;
  /** Width in characters; defaults from the header and the kind. */
  width?: number;
  kind?: SheetColumnKind;
  value: (row: Row) => SheetValue;
}

export interface Spreadsheet<Row> {
  /** The offered file name, Chinese allowed ('中介机构名录.xlsx'). */
  fileName: string;
  sheetName: string;
  columns: readonly SheetColumn<Row>[];
  /** The rows, a batch at a time (see `keysetBatches`). */
  rows: AsyncIterable<readonly Row[]>;
  /**
   * A bold last row with this label in the first column and the sum of every money and integer
   * column. Money is summed in whole cents (BigInt) as the rows stream by, so the total is exact.
   */
  totalsLabel?: string;
}

const numberFormats: Record<SheetColumnKind, string | undefined> = {
  text: '@',
  integer: '0',
  money: '#,##0.00',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
};

const defaultWidths: Record<SheetColumnKind, number> = {
  text: 16,
  integer: 10,
  money: 14,
  date: 12,
  dateTime: 17,
};

/** East Asian characters take two columns' width in Excel. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u2E80-\uFFEF]/.test(char) ? 2 : 1;
  return width;
}

// Excel dates have no time zone: write the wall-clock time in Beijing, as the console shows it.
const beijingOffsetMs = 8 * 60 * 60 * 1000;

/**
 * Text a spreadsheet program would read as a formula (=, +, -, @, tab or carriage return first) gets
 * a leading quote, as OWASP's CSV-injection guidance says (issue 21); a plain number ('-5') is no
 * formula and stays as it is.
 */
export function neutraliseFormula(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || /^[+-]?\d+(\.\d+)?$/.test(text)) return text;
  return `'${text}`;
}

function toCell(kind: SheetColumnKind, value: SheetValue): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'date': {
      // A calendar date ('2026-05-01') is a date already; an instant becomes its Beijing date.
      if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
        return new Date(`${value}T00:00:00Z`);
      const instant = new Date(value);
      const local = new Date(instant.getTime() + beijingOffsetMs);
      return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
    }
    case 'dateTime':
      return new Date(new Date(value).getTime() + beijingOffsetMs);
    case 'money':
      // Round to cents as a number (numeric columns arrive as strings from the driver).
      return Math.round(Number(value) * 100) / 100;
    case 'integer':
      return Number(value);
    case 'text':
      return value instanceof Date ? value.toISOString() : neutraliseFormula(String(value));
  }
}

/** Writes the workbook into `out`; resolves when the last byte was handed to it. */
export async function writeSpreadsheet<Row>(sheet: Spreadsheet<Row>, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    // Inline strings: a shared-strings table would grow with every distinct value.
    useSharedStrings: false,
    useStyles: true,
  });
  const worksheet = workbook.addWorksheet(sheet.sheetName, {
    views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }],
  });
  worksheet.columns = sheet.columns.map((column, index) => {
    const kind = column.kind ?? 'text';
    const format = numberFormats[kind];
    return {
      key: String(index),
      header: column.header,
      width: column.width ?? Math.max(defaultWidths[kind], displayWidth(column.header) + 2),
      style: format ? { numFmt: format } : {},
    };
  });
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.alignment = { vertical: 'middle' };
  header.commit();
  const sums = sheet.columns.map(() => 0n);
  for await (const batch of sheet.rows) {
    for (const row of batch) {
      const values = sheet.columns.map((column) => column.value(row));
      if (sheet.totalsLabel !== undefined)
        sheet.columns.forEach((column, index) => {
          if (column.kind === 'money')
            sums[index] = (sums[index] ?? 0n) + (toCents(values[index] as string) ?? 0n);
          if (column.kind === 'integer')
            sums[index] = (sums[index] ?? 0n) + BigInt(Number(values[index] ?? 0) || 0);
        });
      worksheet
        .addRow(sheet.columns.map((column, index) => toCell(column.kind ?? 'text', values[index])))
        .commit();
    }
    // Backpressure: wait for the client to take what was written before reading the next batch.
    if (out.writableNeedDrain) await once(out, 'drain');
  }
  if (sheet.totalsLabel !== undefined) {
    const totals = worksheet.addRow(
      sheet.columns.map((column, index) => {
        const sum = sums[index] ?? 0n;
        if (column.kind === 'money') return toCell('money', fromCents(sum));
        if (column.kind === 'integer') return Number(sum);
        return index === 0 ? sheet.totalsLabel : null;
      }),
    );
    totals.font = { bold: true };
    totals.commit();
  }
  worksheet.commit();
  await workbook.commit();
}

/** The export as an HTTP answer: streamed, never cached, with its Chinese file name. */
export function spreadsheetResponse<Row>(sheet: Spreadsheet<Row>): Response {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  writeSpreadsheet(sheet, out).catch((error: unknown) => out.destroy(error as Error));
  return new Response(Readable.toWeb(out) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': xlsxContentType,
      'Content-Disposition': contentDisposition('attachment', sheet.fileName),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/**
 * Reads a query in batches by a key that only grows (keyset paging, no OFFSET): `fetch(after)` gives
 * the next `size` rows after the given key (undefined the first time), in key order.
 */
export async function* keysetBatches<Row, Key>(
  fetch: (after: Key | undefined, size: number) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size = 500,
): AsyncIterable<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const batch = await fetch(after, size);
    if (batch.length > 0) yield batch;
    if (batch.length < size) return;
    after = keyOf(batch[batch.length - 1] as Row);
  }
}

/** The key of a newest-first read: the last row's creation time, then its id. */
export interface NewestKey {
  createdAt: Date;
  id: number;
}

/**
 * `where`'s rows after the key `after` of a read ordered newest first (`createdAt`, then `id`, both
 * descending), for keysetBatches: all of `where` the first time.
 */
export function newestAfter(
  where: SQL | undefined,
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn },
  after: NewestKey | undefined,
): SQL | undefined {
  if (!after) return where;
  const { createdAt, id } = columns;
  return and(
    where,
    or(lt(createdAt, after.createdAt), and(eq(createdAt, after.createdAt), lt(id, after.id))),
  );
}
