import { describe, expect, it } from 'vitest';
import { boundaryOf, MalformedMultipart, parseMultipart } from './multipart';

/** What a browser (undici here) sends for a FormData. */
async function encoded(form: FormData): Promise<{ body: Buffer; boundary: string }> {
  const request = new Request('http://localhost/x', { method: 'POST', body: form });
  const boundary = boundaryOf(request.headers.get('content-type') ?? '');
  return { body: Buffer.from(await request.arrayBuffer()), boundary: boundary! };
}

describe('parseMultipart', () => {
  it('reads what FormData sends as Response.formData() does: fields, files with names and types, binary content', async () => {
    const form = new FormData();
    const binary = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    // The delimiter's own bytes inside a file must not end it.
    binary.set(new TextEncoder().encode('\r\n--not-the-boundary\r\n'), 1000);
    form.set('chunkNumber', '3');
    form.set('describe', '竣工测量成果；"引号"与换行\r\n第二行');
    form.set('file', new File([binary], '测量 报告(1).pdf', { type: 'application/pdf' }));
    form.append('empty', '');
    const { body, boundary } = await encoded(form);
    const ours = parseMultipart(body, boundary);
    const theirs = [
      ...(
        await new Response(new Uint8Array(body), {
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        }).formData()
      ).entries(),
    ];
    expect(ours.map(([name]) => name)).toEqual(theirs.map(([name]) => name));
    for (const [i, [, value]] of ours.entries()) {
      const other = theirs[i]![1];
      if (typeof value === 'string') expect(value).toBe(other);
      else {
        expect(other).toBeInstanceOf(File);
        expect({ name: value.name, type: value.type, size: value.size }).toEqual({
          name: (other as File).name,
          type: (other as File).type,
          size: (other as File).size,
        });
        expect(
          Buffer.from(await value.arrayBuffer()).equals(Buffer.from(await (other as File).arrayBuffer())),
        ).toBe(true);
      }
    }
  });

  it('finds quoted and bare boundaries, and refuses a body cut short', async () => {
    expect(boundaryOf('multipart/form-data; boundary="ab cd"')).toBe('ab cd');
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryAbC; charset=utf-8')).toBe(
      '----WebKitFormBoundaryAbC',
    );
    expect(boundaryOf('multipart/form-data')).toBeNull();
    const form = new FormData();
    form.set('file', new File(['%PDF-1.4'], 'a.pdf'));
    const { body, boundary } = await encoded(form);
    expect(() => parseMultipart(body.subarray(0, body.length - 20), boundary)).toThrow(MalformedMultipart);
    expect(() => parseMultipart(Buffer.from('nothing here'), boundary)).toThrow(MalformedMultipart);
  });
});
