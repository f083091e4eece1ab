/**
 * Stored files in an S3-compatible object store (STORAGE=s3; MinIO, Ceph RGW and the cloud stores all
 * speak it), so every instance behind the balancer reads what any other wrote (issue 26). Same keys as
 * the local disk, so `npm run storage:copy` moves an installation either way. Streams both ways:
 * uploads go in parts of PART_BYTES (multipart above that size), downloads come straight from the
 * store's response, never a whole file in memory.
 */
import { createHash } from 'node:crypto';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  checkedStorageKey,
  MissingContentError,
  newStorageKey,
  type FileStorage,
  type StoredObject,
} from './storage';

export interface S3Settings {
  /** The store's address (http://minio:9000); unset for AWS itself, which the region locates. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), as MinIO and most self-hosted stores need. */
  forcePathStyle: boolean;
}

/** Part size of multipart uploads: S3's minimum is 5 MiB; two parts in flight bound the memory. */
const PART_BYTES = 8 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

function isMissing(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;

  async function open(key: string): Promise<Readable> {
    try {
      const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: checkedStorageKey(key) }));
      return Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new MissingContentError(key, { cause: error });
      throw error;
    }
  }

  return {
    root: `s3://${Bucket}`,
    async write(bytes) {
      const key = newStorageKey();
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentLength: bytes.byteLength }),
      );
      return { key, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    async writeStream(source, { key = newStorageKey() } = {}): Promise<StoredObject> {
      const hash = createHash('sha256');
      let size = 0;
      let sourceError: unknown;
      async function* hashed() {
        try {
          for await (const piece of source as AsyncIterable<Uint8Array>) {
            hash.update(piece);
            size += piece.byteLength;
            yield piece;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      }
      // The object appears only when the last part is in: a failed source leaves nothing (the
      // multipart upload is aborted, a single part was never sent).
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkedStorageKey(key), Body: Readable.from(hashed(), { objectMode: false }) },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        // The source's failure is the cause, not whatever the abort of the parts answered.
        throw sourceError ?? error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },
    read: async (key) => buffer(await open(key)),
    stream(key) {
      // Synchronous like a file stream: the store's answer is piped in when it comes.
      const out = new PassThrough();
      open(key).then(
        (body) => pipeline(body, out, () => {}),
        (error: Error) => out.destroy(error),
      );
      return out;
    },
    open,
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedStorageKey(key) }));
    },
    async sizeOf(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedStorageKey(key) }));
        return head.ContentLength;
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? [])
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}
