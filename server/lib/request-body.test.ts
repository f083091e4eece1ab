import { describe, expect, it } from 'vitest';
import type { ReceiveFile } from './multipart';
import { FORM_BODY_LIMIT, readBodyFields } from './request-body';

/** Files kept in memory (the call layer writes them into storage). */
const inMemory: ReceiveFile<File> = async (part, content) => {
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  for await (const piece of content) pieces.push(new Uint8Array(piece));
  return new File(pieces, part.filename, { type: part.type });
};

function multipart(boundary: string, parts: string[]): string {
  return `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`;
}

describe('readBodyFields', () => {
  it('reads a browser multipart body, whose boundary has upper-case letters', async () => {
    const boundary = '----WebKitFormBoundaryAbCdEf012345';
    const body = multipart(boundary, [
      'Content-Disposition: form-data; name="title"\r\n\r\n测绘成果汇交表',
      'Content-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4',
    ]);
    const request = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    const fields = await readBodyFields(request, { receiveFile: inMemory });
    expect(fields.title).toBe('测绘成果汇交表');
    expect(fields.file).toBeInstanceOf(File);
    expect((fields.file as File).name).toBe('a.pdf');
  });

  it('drops files where a call takes none, and refuses bodies over the limit with 413', async () => {
    const form = new FormData();
    form.set('name', 'x');
    form.set('file', new File(['abc'], 'a.txt'));
    const fields = await readBodyFields(new Request('http://localhost/x', { method: 'POST', body: form }), {
      receiveFile: null,
    });
    expect(fields).toEqual({ name: 'x' });
    const big = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(FORM_BODY_LIMIT) }),
    });
    await expect(readBodyFields(big, { receiveFile: null })).rejects.toMatchObject({ status: 413 });
  });

  it('answers malformed JSON and multipart with a 400', async () => {
    const json = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a": ',
    });
    await expect(readBodyFields(json, { receiveFile: null })).rejects.toMatchObject({ status: 400 });
    const broken = new Request('http://localhost/x', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nContent-Disposition: form-da',
    });
    await expect(readBodyFields(broken, { receiveFile: inMemory })).rejects.toMatchObject({ status: 400 });
  });
});
