/** The one spreadsheet writer: formula-looking text is neutralised (issue 21, OWASP CSV injection). */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { neutraliseFormula, writeSpreadsheet } from './spreadsheet';

async function cellsOf(values: string[]): Promise<unknown[]> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeSpreadsheet(
    {
      fileName: 't.xlsx',
      sheetName: 't',
      columns: [{ header: '名称', value: (row: { v: string }) => row.v }],
      rows: (async function* () {
        yield values.map((v) => ({ v }));
      })(),
    },
    out,
  );
  out.end();
  await ended;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  return values.map((_, index) => sheet.getRow(index + 2).getCell(1).value);
}

describe('writeSpreadsheet', () => {
  it('prefixes text that a spreadsheet would read as a formula with a quote', async () => {
    const table: [string, string][] = [
      ['=HYPERLINK("http://evil.example","点击")', `'=HYPERLINK("http://evil.example","点击")`],
      ["@SUM(1+1)*cmd|' /C calc'!A0", `'@SUM(1+1)*cmd|' /C calc'!A0`],
      ['+1+cmd|calc', `'+1+cmd|calc`],
      ['-2+3+cmd|calc', `'-2+3+cmd|calc`],
      ['\t=1+1', `'\t=1+1`],
      // Plain text and plain numbers stay as they are.
      ['云州市测绘院', '云州市测绘院'],
      ['-5', '-5'],
      ['+86.5', '+86.5'],
      ['a=b', 'a=b'],
    ];
    expect(await cellsOf(table.map(([input]) => input))).toEqual(table.map(([, written]) => written));
    // A carriage return comes back from the file as a line feed: checked on the helper itself.
    expect(neutraliseFormula('\r=1+1')).toBe("'\r=1+1");
  });
});
