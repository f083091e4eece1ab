/** The electronic archive (issue 23): what certificates, the job runner and the composition root use. */
export { archiveCompletedProject, archiveUnarchivedProjects, type ArchiveActor } from './archiving';
export { archiveCasesJob } from './job';
export { electronicsRoutes } from './routes';
export {
  addDrawing,
  addDrawingVersion,
  drawingDocumentFolder,
  drawingFolder,
  drawingVersionFolder,
} from './drawings';
export { addLayer, layerGeoJson, vectorFolder } from './layers';
export { crsFromName, prjOf, readVectorFile } from './vector';
