/** The pages of the electronic archive (issue 23), by route (shared/domain/console-pages.ts) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'electronics'> = {
  'electronics/CaseList': () => import('./case-pages').then((module) => module.CaseListPage),
  'electronics/MetadataManage': () => import('./metadata-page').then((module) => module.MetadataManagePage),
  'electronics/DrawingManagement': () =>
    import('./drawing-pages').then((module) => module.DrawingManagementPage),
  'electronics/DrawingFileDetails': () =>
    import('./drawing-pages').then((module) => module.DrawingFileDetailsPage),
  'drawdoc/DrawDocManagement': () => import('./drawing-pages').then((module) => module.DrawDocManagementPage),
  'electronics/DataUpload': () => import('./data-upload-page').then((module) => module.DataUploadPage),
  'electronics/MapManagement': () =>
    import('./map-management-page').then((module) => module.MapManagementPage),
  'electronics/APicture': () => import('./picture-page').then((module) => module.APicturePage),
  'electronics/ThreeDimensional': () =>
    import('./three-dimensional-page').then((module) => module.ThreeDimensionalPage),
};
