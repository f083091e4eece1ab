/** The archive (docs/archive.md): what other modules and the composition root may use of it. */
export { archiveRoutes } from './routes';
export {
  createArchiveFolders,
  type ArchiveFolderKind,
  type ArchiveFolders,
  type FolderAccess,
  type StoredArchiveFile,
} from './folders';
export { ABANDONED_AFTER_MS, removeAbandonedUploads } from './upload-service';
