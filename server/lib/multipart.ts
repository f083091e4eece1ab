/**
 * multipart/form-data (RFC 7578) read as it streams in. Text fields become strings; the content of a
 * part with a filename is handed on as it arrives (the call layer writes it straight into storage:
 * a 5 MB upload chunk is never held whole, and its write overlaps its receipt, issue 22). Boundaries
 * are found with Buffer.indexOf, several times faster than Response.formData() (undici's parser).
 * Header values are read as UTF-8, as browsers send them.
 */
export class MalformedMultipart extends Error {}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');
const EMPTY = Buffer.alloc(0);
/** A part's headers, and what precedes the first boundary, are short; more is not a form. */
const HEADERS_LIMIT = 16 * 1024;

/** The boundary of a multipart content type, or null. */
export function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** A header's parameters: `form-data; name="file"; filename="报告.pdf"` → { name, filename }. */
function parameters(value: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const match of value.matchAll(/;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    const key = (match[1] as string).toLowerCase();
    found[key] = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim();
  }
  return found;
}

/** A file part as its headers describe it. */
export interface FilePart {
  /** The form field's name. */
  name: string;
  filename: string;
  /** Its Content-Type, or ''. */
  type: string;
}

/**
 * Takes a file part's content, which it must read to its end (the rest of the body follows it), and
 * answers what the field's value becomes.
 */
export type ReceiveFile<F> = (part: FilePart, content: AsyncIterable<Uint8Array>) => Promise<F>;

/** The body's bytes as they come, read up to the markers the parser asks for. */
class BodyReader {
  private buffered: Buffer = EMPTY;
  private ended = false;
  private readonly iterator: AsyncIterator<Uint8Array>;

  constructor(iterator: AsyncIterator<Uint8Array>) {
    this.iterator = iterator;
  }

  /** The body's next piece as it came, or null at its end. */
  private async nextPiece(): Promise<Buffer | null> {
    if (this.ended) return null;
    const next = await this.iterator.next();
    if (next.done) {
      this.ended = true;
      return null;
    }
    return Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
  }

  /** Reads the next piece onto what is buffered; false at the end of the body. */
  private async more(): Promise<boolean> {
    const piece = await this.nextPiece();
    if (!piece) return false;
    this.buffered = this.buffered.length === 0 ? piece : Buffer.concat([this.buffered, piece]);
    return true;
  }

  /** The next `count` bytes (fewer at the end of the body), not consumed. */
  async peek(count: number): Promise<Buffer> {
    while (this.buffered.length < count && (await this.more()));
    return this.buffered.subarray(0, count);
  }

  skip(count: number): void {
    this.buffered = this.buffered.subarray(count);
  }

  /** Everything up to `marker`, which is consumed too; refused past `limit` bytes. */
  async until(marker: Buffer, limit: number): Promise<Buffer> {
    let from = 0;
    for (;;) {
      const at = this.buffered.indexOf(marker, from);
      if (at >= 0) {
        const before = this.buffered.subarray(0, at);
        this.buffered = this.buffered.subarray(at + marker.length);
        return before;
      }
      if (this.buffered.length > limit + marker.length) throw new MalformedMultipart('part too long');
      from = Math.max(0, this.buffered.length - marker.length + 1);
      if (!(await this.more())) throw new MalformedMultipart(`no ${JSON.stringify(marker.toString())}`);
    }
  }

  /**
   * The bytes up to `marker` as they arrive; the marker is consumed at the end. A piece is handed on
   * as it came, not copied: of a file's 5 MB, only the few bytes where a piece meets the next are
   * looked at together (copies of every piece were most of an upload's garbage).
   */
  async *streamUntil(marker: Buffer): AsyncGenerator<Uint8Array> {
    for (;;) {
      const at = this.buffered.indexOf(marker);
      if (at >= 0) {
        const before = this.buffered.subarray(0, at);
        this.buffered = this.buffered.subarray(at + marker.length);
        if (before.length > 0) yield before;
        return;
      }
      // All but what may be the start of the marker, split across two pieces.
      const sure = this.buffered.length - (marker.length - 1);
      if (sure > 0) {
        const out = this.buffered.subarray(0, sure);
        this.buffered = this.buffered.subarray(sure);
        yield out;
      }
      const piece = await this.nextPiece();
      if (!piece) throw new MalformedMultipart('no closing delimiter');
      if (this.buffered.length > 0 && piece.length >= marker.length) {
        // A marker starting in what is held ends within the piece's first bytes.
        const junction = Buffer.concat([this.buffered, piece.subarray(0, marker.length - 1)]);
        if (junction.indexOf(marker) < 0) {
          yield this.buffered;
          this.buffered = piece;
          continue;
        }
      }
      this.buffered = this.buffered.length === 0 ? piece : Buffer.concat([this.buffered, piece]);
    }
  }

  /** Reads the rest of the body (the epilogue after the closing delimiter), keeping nothing. */
  async drain(): Promise<void> {
    while (await this.more()) this.buffered = EMPTY;
  }
}

/**
 * The parts of a multipart body in order: [name, string | what `receiveFile` made of the file], or
 * with `receiveFile` null the text fields only (file parts are read past and dropped). A text field
 * longer than `textLimit` bytes is malformed. The body's own size limit is the source's to enforce.
 */
export async function readMultipart<F>(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  receiveFile: ReceiveFile<F> | null,
  textLimit: number,
): Promise<[string, string | F][]> {
  const delimiter = Buffer.from(`--${boundary}`);
  const contentEnd = Buffer.concat([CRLF, delimiter]);
  const iterator = source[Symbol.asyncIterator]();
  const reader = new BodyReader(iterator);
  const entries: [string, string | F][] = [];
  try {
    await reader.until(delimiter, HEADERS_LIMIT);
    for (;;) {
      const after = await reader.peek(2);
      // `--` after a delimiter closes the body.
      if (after.equals(Buffer.from('--'))) {
        await reader.drain();
        return entries;
      }
      if (!after.equals(CRLF)) throw new MalformedMultipart('bad delimiter line');
      reader.skip(CRLF.length);
      const headers = new Map<string, string>();
      for (const line of (await reader.until(HEADER_END, HEADERS_LIMIT)).toString('utf8').split('\r\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      const { name, filename } = parameters(headers.get('content-disposition') ?? '');
      if (filename === undefined) {
        const text = (await reader.until(contentEnd, textLimit)).toString('utf8');
        if (name !== undefined) entries.push([name, text]);
        continue;
      }
      const content = reader.streamUntil(contentEnd);
      if (name === undefined || !receiveFile) {
        for await (const piece of content) void piece;
        continue;
      }
      const value = await receiveFile({ name, filename, type: headers.get('content-type') ?? '' }, content);
      // The next part starts where this one's content ends: a receiver must have read it all.
      if (!(await content.next()).done) throw new Error('a file part was not read to its end');
      entries.push([name, value]);
    }
  } catch (error) {
    // Stops reading the body (a Node stream is destroyed), as leaving a for-await loop would.
    await iterator.return?.().catch(() => {});
    throw error;
  }
}
