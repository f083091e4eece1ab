/**
 * Archive folders (docs/archive.md): a `dirid` is `<kind>:<id>` and the kind decides who may read and
 * write the folder, which formats it takes and what a stored file does to its domain. The archive knows
 * no domain: each domain declares its kind beside its service, and the composition root lists them
 * once (server/archive-folders.ts), as it does work sources (server/work-sources.ts).
 */
import type { Queryable } from '@server/db/database';
import type { SessionUser } from '@server/lib/session-user';
import { AppError } from '@shared/errors/app-error';
import { archiveExtensions, archiveMessages as m, DIRID_PATTERN } from '@shared/validation/archive';

/** Who asks about which folder: `folderId` is the part after the kind (`12` of `case:12`). */
export interface FolderAccess {
  db: Queryable;
  user: SessionUser;
  folderId: string;
}

/** The archive record a merge wrote, as a folder kind's `onStored` sees it. */
export interface StoredArchiveFile {
  /** archive_files.id */
  id: number;
  /** files.id: the stored content. */
  fileId: string;
  dirid: string;
  name: string;
  relativePath: string;
  describe: string | null;
  size: number;
  sha256: string;
}

export interface ArchiveFolderKind {
  /** The prefix of the dirid: `case` for `case:12`. Lowercase letters and dashes. */
  kind: string;
  /** What a folder of this kind is, in Chinese (docs, logs). */
  label: string;
  canRead(access: FolderAccess): Promise<boolean>;
  canWrite(access: FolderAccess): Promise<boolean>;
  /** The extensions (lowercase, no dot) the folder takes; default: archiveExtensions. */
  formats?(access: FolderAccess): Promise<readonly string[]>;
  /**
   * Called inside the merge's transaction after the archive row is written (`db` is the transaction):
   * a domain records what the file means (a result item uploaded, a project moved on). Throwing an
   * AppError refuses the merge and nothing is recorded.
   */
  onStored?(access: FolderAccess & { file: StoredArchiveFile; at: Date }): Promise<void>;
}

export interface ResolvedFolder {
  kind: ArchiveFolderKind;
  folderId: string;
}

/** The folder kinds the archive knows, by prefix. */
export interface ArchiveFolders {
  /** The kind and id of a dirid; an unknown kind is a 400 ('未知的归档目录'). */
  resolve(dirid: string): ResolvedFolder;
  /** Adds a kind (tests register a test kind); returns what removes it again. */
  register(kind: ArchiveFolderKind): () => void;
}

export function createArchiveFolders(kinds: readonly ArchiveFolderKind[]): ArchiveFolders {
  const byKind = new Map<string, ArchiveFolderKind>();
  const register = (kind: ArchiveFolderKind) => {
    if (!/^[a-z][a-z-]{0,39}$/.test(kind.kind)) throw new Error(`bad archive folder kind: ${kind.kind}`);
    if (byKind.has(kind.kind)) throw new Error(`archive folder kind registered twice: ${kind.kind}`);
    byKind.set(kind.kind, kind);
    return () => {
      if (byKind.get(kind.kind) === kind) byKind.delete(kind.kind);
    };
  };
  for (const kind of kinds) register(kind);
  return {
    register,
    resolve(dirid) {
      const match = DIRID_PATTERN.exec(dirid);
      if (!match) throw new AppError('invalid_input', { message: m.badDirid, field: 'dirid' });
      const kind = byKind.get(match[1] as string);
      if (!kind) throw new AppError('invalid_input', { message: m.unknownFolder, field: 'dirid' });
      return { kind, folderId: match[2] as string };
    },
  };
}

/** The folder when the user may read (or write) it; otherwise 403 with that access's message. */
async function permittedFolder(
  folders: ArchiveFolders,
  db: Queryable,
  user: SessionUser,
  dirid: string,
  access: 'read' | 'write',
): Promise<ResolvedFolder> {
  const folder = folders.resolve(dirid);
  const check = access === 'read' ? folder.kind.canRead : folder.kind.canWrite;
  if (!(await check.call(folder.kind, { db, user, folderId: folder.folderId })))
    throw new AppError('forbidden', { message: access === 'read' ? m.readForbidden : m.writeForbidden });
  return folder;
}

export const readableFolder = (folders: ArchiveFolders, db: Queryable, user: SessionUser, dirid: string) =>
  permittedFolder(folders, db, user, dirid, 'read');

export const writableFolder = (folders: ArchiveFolders, db: Queryable, user: SessionUser, dirid: string) =>
  permittedFolder(folders, db, user, dirid, 'write');

export async function formatsOf(
  db: Queryable,
  user: SessionUser,
  folder: ResolvedFolder,
): Promise<readonly string[]> {
  return (await folder.kind.formats?.({ db, user, folderId: folder.folderId })) ?? archiveExtensions;
}
