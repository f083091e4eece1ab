/**
 * The archive's folder kinds, listed once at the composition root (decision 0009; docs/archive.md):
 * a dirid `<kind>:<id>` names a folder, and its kind, declared beside its domain's service, says who
 * reads and writes it, which formats it takes and what a stored file does (`onStored`, inside the
 * merge's transaction). The archive module imports no domain. A new kind of folder is added here.
 */
import { createArchiveFolders } from '@server/modules/archive';
import {
  drawingDocumentFolder,
  drawingFolder,
  drawingVersionFolder,
  vectorFolder,
} from '@server/modules/electronics';
import { caseArchiveFolder } from '@server/modules/offline';
import { resultArchiveFolder } from '@server/modules/results';

export const archiveFolders = createArchiveFolders([
  caseArchiveFolder,
  resultArchiveFolder,
  drawingFolder,
  drawingDocumentFolder,
  drawingVersionFolder,
  vectorFolder,
]);
