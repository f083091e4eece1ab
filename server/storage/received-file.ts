/**
 * An uploaded file that the call layer wrote into storage while it arrived (server/lib/calls.ts),
 * handed to the call's schema and handler as the File the call declares. Its bytes are read from the
 * storage when asked for; a handler that keeps them claims the stored object (one write per upload:
 * storeUploadedFile, the archive's chunks), and the call layer removes whatever was not claimed once
 * the call ends, so a refused call leaves nothing stored.
 */
import { Readable } from 'node:stream';
import type { FileStorage, StoredObject } from './storage';

/** The first bytes are kept in memory: the content checks read them (a PDF starts with %PDF). */
export const RECEIVED_HEAD_BYTES = 64;

export class ReceivedFile extends File {
  readonly stored: StoredObject;
  /** The first RECEIVED_HEAD_BYTES bytes (fewer in a smaller file). */
  readonly head: Uint8Array;
  private readonly storage: FileStorage;
  private kept = false;

  constructor(
    storage: FileStorage,
    stored: StoredObject,
    head: Uint8Array,
    name: string,
    options: { type: string },
  ) {
    super([], name, options);
    this.storage = storage;
    this.stored = stored;
    this.head = head;
    // The content is in the storage, not in this Blob: its size is the stored object's.
    Object.defineProperty(this, 'size', { value: stored.size, enumerable: true });
  }

  /** The handler keeps the stored object (a row refers to it now): the call layer leaves it. */
  claim(): StoredObject {
    this.kept = true;
    return this.stored;
  }

  get claimed(): boolean {
    return this.kept;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.storage.read(this.stored.key);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return new Uint8Array(await this.arrayBuffer());
  }

  override async text(): Promise<string> {
    return new TextDecoder().decode(await this.arrayBuffer());
  }

  override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
    return Readable.toWeb(this.storage.stream(this.stored.key)) as ReadableStream<Uint8Array<ArrayBuffer>>;
  }

  /** Within the head only: the rest would need an asynchronous read, which a Blob's slice cannot do. */
  override slice(start = 0, end = this.size, type?: string): Blob {
    const to = Math.min(end, this.size);
    if (start < 0 || to > this.head.byteLength)
      throw new RangeError(`a received file is sliced within its first ${this.head.byteLength} bytes only`);
    return new Blob([this.head.slice(start, Math.max(start, to))], type === undefined ? {} : { type });
  }
}

/**
 * A file part's content on its way into storage: stores it (hashed, durable, atomic: the storage's
 * writeStream) while keeping its first bytes.
 */
export async function receiveIntoStorage(
  storage: FileStorage,
  content: AsyncIterable<Uint8Array>,
  name: string,
  type: string,
): Promise<ReceivedFile> {
  const head = new Uint8Array(RECEIVED_HEAD_BYTES);
  let headLength = 0;
  async function* keepingHead() {
    for await (const piece of content) {
      if (headLength < RECEIVED_HEAD_BYTES) {
        const taken = piece.subarray(0, RECEIVED_HEAD_BYTES - headLength);
        head.set(taken, headLength);
        headLength += taken.byteLength;
      }
      yield piece;
    }
  }
  const stored = await storage.writeStream(keepingHead());
  return new ReceivedFile(storage, stored, head.slice(0, headLength), name, { type });
}
