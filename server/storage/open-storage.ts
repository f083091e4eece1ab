/** The storage the configuration names (STORAGE): the local disk by default, or an S3-compatible store. */
import { createS3Storage, type S3Settings } from './s3-storage';
import { createFsStorage, type FileStorage } from './storage';

export type StorageSettings = { kind: 'fs'; root: string } | ({ kind: 's3' } & S3Settings);

export function openStorage(settings: StorageSettings): FileStorage {
  return settings.kind === 's3' ? createS3Storage(settings) : createFsStorage(settings.root);
}
