import { describe, expect, it } from 'vitest';
import { boundaryOf, MalformedMultipart, readMultipart, type ReceiveFile } from './multipart';

/** What a browser (undici here) sends for a FormData. */
async function encoded(form: FormData): Promise<{ body: Buffer; boundary: string }> {
  const request = new Request('http://localhost/x', { method: 'POST', body: form });
  const boundary = boundaryOf(request.headers.get('content-type') ?? '');
  return { body: Buffer.from(await request.arrayBuffer()), boundary: boundary! };
}

/** A body as it may arrive from a socket: in pieces of `size` bytes. */
async function* inPieces(body: Buffer, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < body.length; at += size) yield body.subarray(at, at + size);
}

/** A receiver keeping each file in memory, noting how many pieces its content came in. */
function inMemory(pieceCounts: number[] = []): ReceiveFile<File> {
  return async (part, content) => {
    const pieces: Uint8Array<ArrayBuffer>[] = [];
    for await (const piece of content) pieces.push(new Uint8Array(piece));
    pieceCounts.push(pieces.length);
    return new File(pieces, part.filename, { type: part.type });
  };
}

const TEXT_LIMIT = 1024 * 1024;

describe('readMultipart', () => {
  it('reads what FormData sends as Response.formData() does, however the body is cut into pieces', async () => {
    const form = new FormData();
    const binary = new Uint8Array(120_000).map((_, i) => (i * 7) % 256);
    // The delimiter's own bytes inside a file must not end it.
    binary.set(new TextEncoder().encode('\r\n--not-the-boundary\r\n'), 1000);
    form.set('chunkNumber', '3');
    form.set('describe', '竣工测量成果；"引号"与换行\r\n第二行');
    form.set('file', new File([binary], '测量 报告(1).pdf', { type: 'application/pdf' }));
    form.append('empty', '');
    const { body, boundary } = await encoded(form);
    const theirs = [
      ...(
        await new Response(new Uint8Array(body), {
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        }).formData()
      ).entries(),
    ];
    // One piece; a byte at a time (every marker split); pieces cutting the boundary anywhere.
    for (const size of [body.length, 1, 7, 64 * 1024]) {
      const pieceCounts: number[] = [];
      const ours = await readMultipart(inPieces(body, size), boundary, inMemory(pieceCounts), TEXT_LIMIT);
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
      // The file is handed on as it arrives, not once it is all there.
      if (size < body.length) expect(pieceCounts[0]).toBeGreaterThan(1);
    }
  });

  it('finds the end of a file wherever two pieces meet around it', async () => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(5000).fill(0x2d)], 'a.pdf'));
    form.set('after', '后');
    const { body, boundary } = await encoded(form);
    const end = body.indexOf(`\r\n--${boundary}`, body.indexOf('filename'));
    for (let cut = end - boundary.length - 10; cut <= end + boundary.length + 6; cut++) {
      async function* twoPieces() {
        yield body.subarray(0, cut);
        yield body.subarray(cut);
      }
      const entries = await readMultipart(twoPieces(), boundary, inMemory(), TEXT_LIMIT);
      expect((entries[0]![1] as File).size, `cut at ${cut}`).toBe(5000);
      expect(entries[1]).toEqual(['after', '后']);
    }
  });

  it('drops files without a receiver, and refuses a body cut short or without a boundary', async () => {
    expect(boundaryOf('multipart/form-data; boundary="ab cd"')).toBe('ab cd');
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryAbC; charset=utf-8')).toBe(
      '----WebKitFormBoundaryAbC',
    );
    expect(boundaryOf('multipart/form-data')).toBeNull();
    const form = new FormData();
    form.set('name', '甲');
    form.set('file', new File(['%PDF-1.4'], 'a.pdf'));
    const { body, boundary } = await encoded(form);
    expect(await readMultipart(inPieces(body, 5), boundary, null, TEXT_LIMIT)).toEqual([['name', '甲']]);
    await expect(
      readMultipart(inPieces(body.subarray(0, body.length - 20), 5), boundary, inMemory(), TEXT_LIMIT),
    ).rejects.toThrow(MalformedMultipart);
    await expect(
      readMultipart(inPieces(Buffer.from('nothing here'), 5), boundary, inMemory(), TEXT_LIMIT),
    ).rejects.toThrow(MalformedMultipart);
  });

  it('refuses a text field over its limit, and stops reading the body when it refuses', async () => {
    const form = new FormData();
    form.set('describe', 'x'.repeat(5000));
    const { body, boundary } = await encoded(form);
    let stopped = false;
    async function* watched() {
      try {
        yield* inPieces(body, 100);
      } finally {
        stopped = true;
      }
    }
    await expect(readMultipart(watched(), boundary, inMemory(), 1000)).rejects.toThrow(MalformedMultipart);
    expect(stopped).toBe(true);
  });
});
