import { describe, expect, it } from 'vitest';
import { checkUpload, contentTypeFor, documentExtensions, MAX_UPLOAD_BYTES, uploadMessages } from './upload';

describe('checkUpload (spec section 5)', () => {
  const allowed = documentExtensions;

  it('accepts the listed types up to 52428800 bytes', () => {
    for (const name of [
      '办事指南.ppt',
      'a.zip',
      '合同模板.docx',
      'b.doc',
      '表.xlsx',
      'c.xls',
      '报告.PDF',
      '图.png',
      'x.jpg',
    ])
      expect(checkUpload({ name, size: 10 }, allowed)).toBeNull();
    expect(checkUpload({ name: 'a.pdf', size: MAX_UPLOAD_BYTES }, allowed)).toBeNull();
  });

  it('names the allowed types when the extension is not among them', () => {
    expect(checkUpload({ name: 'run.exe', size: 10 }, ['pdf', 'doc'])?.message).toBe(
      '当前支持的文件格式为：pdf,doc',
    );
    expect(checkUpload({ name: 'noext', size: 10 }, ['pdf'])?.message).toBe(
      uploadMessages.extensionNotAllowed(['pdf']),
    );
    expect(checkUpload({ name: 'x.svg', size: 10 }, allowed)?.message).toMatch(/^当前支持的文件格式为：/);
  });

  it('refuses special characters', () => {
    for (const name of ['a&b.pdf', 'a#.doc', '../x.pdf', 'a<b>.png', 'a;b.zip', 'a%20.xls'])
      expect(checkUpload({ name, size: 10 }, allowed)?.message).toBe('您上传的文件中包含特殊字符！');
  });

  it('refuses bidirectional and zero-width characters (issue 21: k\u202egpj.pdf shows as kfdp.jpg)', () => {
    for (const name of [
      'k\u202egpj.pdf',
      'a\u202ab.pdf',
      'a\u2066b.png',
      'a\u200fb.docx',
      'a\u061cb.pdf',
      'a\u200bb.pdf',
      'a\u200db.pdf',
      'a\u2060b.pdf',
      '报\ufeff告.pdf',
    ])
      expect(checkUpload({ name, size: 10 }, allowed)?.message, JSON.stringify(name)).toBe(
        '您上传的文件中包含特殊字符！',
      );
  });

  it('refuses word and pdf names of digits only, but not other types', () => {
    for (const name of ['123.pdf', '2024.doc', '0001.docx'])
      expect(checkUpload({ name, size: 10 }, allowed)?.message).toBe('word和pdf文件名不能全为数字');
    expect(checkUpload({ name: '123.xlsx', size: 10 }, allowed)).toBeNull();
    expect(checkUpload({ name: '123a.pdf', size: 10 }, allowed)).toBeNull();
  });

  it('refuses a file over 50 MB as too large', () => {
    expect(checkUpload({ name: 'a.pdf', size: MAX_UPLOAD_BYTES + 1 }, allowed)).toEqual({
      message: uploadMessages.tooLarge,
      tooLarge: true,
    });
  });

  it('maps extensions to content types', () => {
    expect(contentTypeFor('报告.PDF')).toBe('application/pdf');
    expect(contentTypeFor('a.docx')).toMatch(/wordprocessingml/);
    expect(contentTypeFor('a.unknown')).toBe('application/octet-stream');
  });
});
