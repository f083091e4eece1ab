import { describe, expect, it } from 'vitest';
import { fileKind } from './format';

describe('fileKind', () => {
  it('names known extensions, whatever their case', () => {
    expect(fileKind('申请表.DOCX', 'application/octet-stream')).toBe('Word 文档');
    expect(fileKind('规范.v2.pdf', 'application/pdf')).toBe('PDF 文档');
  });

  it('falls back to the content type, then to the extension', () => {
    expect(fileKind('照片.heic', 'image/heic')).toBe('图片');
    expect(fileKind('图纸.dwg', 'application/octet-stream')).toBe('DWG 文件');
  });

  it('gives a name without an extension no extension', () => {
    expect(fileKind('README', 'application/octet-stream')).toBe('其他 文件');
    expect(fileKind('.profile', 'text/plain')).toBe('其他 文件');
  });
});
