/**
 * Docked projects (docs/docking.md): the import of the approval platform's feed (import-docked.ts),
 * the supervisors' list, view, delete, file download and export, the owner's list of its unit's docked
 * projects and the one action that turns one into a project (create-from-docked.ts).
 */
export { FEED_FORMAT } from './feed';
export { dockingRoutes } from './routes';
export { DOCKING_IMPORT_JOB, importDockedProjects } from './import-docked';
