import { describe, expect, it } from 'vitest';
import {
  contentTypes,
  crc32,
  csvDocument,
  docxDocument,
  pdfDocument,
  textDocument,
  zipStored,
} from './documents';

const utf8 = new TextDecoder();

/** Reads a ZIP's central directory and checks every entry's CRC; answers path → bytes. */
function readZip(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(offset, true)).toBe(0x02014b50);
    const crc = view.getUint32(offset + 16, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const local = view.getUint32(offset + 42, true);
    const name = utf8.decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    expect(view.getUint32(local, true)).toBe(0x04034b50);
    const dataStart = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(dataStart, dataStart + size);
    expect(crc32(data)).toBe(crc);
    entries.set(name, data);
    offset += 46 + nameLength;
  }
  return entries;
}

describe('demo documents', () => {
  it('crc32 matches the reference value', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('zipStored round-trips', () => {
    const zip = zipStored([{ path: 'a/测试.txt', data: new TextEncoder().encode('你好') }]);
    expect(utf8.decode(readZip(zip).get('a/测试.txt'))).toBe('你好');
  });

  it('docx is an Office Open XML package with the text', () => {
    const doc = docxDocument('合同.docx', '测绘服务合同', ['甲方：<云州>']);
    expect(doc.contentType).toBe(contentTypes.docx);
    const parts = readZip(doc.bytes);
    expect([...parts.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    const xml = utf8.decode(parts.get('word/document.xml'));
    expect(xml).toContain('测绘服务合同');
    expect(xml).toContain('甲方：&lt;云州&gt;');
  });

  it('pdf has a correct cross-reference table', () => {
    const doc = pdfDocument('说明.pdf', '成果提交要求', ['第一段', '第二段']);
    const text = utf8.decode(doc.bytes);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length, streamStart + length + 10)).toBe('\nendstream');
    // The title is drawn as UCS-2 hex: 成 = U+6210.
    expect(text).toContain('<6210');
  });

  it('csv starts with a BOM and quotes what needs quoting; txt is UTF-8', () => {
    const csv = csvDocument('a.csv', [
      ['名称', '说明'],
      ['拨地测量', '含"引号",逗号'],
    ]);
    const text = utf8.decode(csv.bytes);
    expect(csv.bytes.subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(text).toContain('拨地测量,"含""引号"",逗号"\r\n');
    expect(utf8.decode(textDocument('a.txt', ['第一行']).bytes)).toBe('第一行\r\n');
  });
});
