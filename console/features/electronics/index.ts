/** The pages of the electronic archive (issue 23), by route (shared/domain/console-pages.ts): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { CaseListPage } from './case-pages';
import { DrawDocManagementPage, DrawingFileDetailsPage, DrawingManagementPage } from './drawing-pages';
import { DataUploadPage, MapManagementPage } from './layer-pages';
import { MetadataManagePage } from './metadata-page';
import { APicturePage } from './picture-page';
import { ThreeDimensionalPage } from './three-dimensional-page';

export const pages: FeaturePages<'electronics'> = {
  'electronics/CaseList': CaseListPage,
  'electronics/MetadataManage': MetadataManagePage,
  'electronics/DrawingManagement': DrawingManagementPage,
  'electronics/DrawingFileDetails': DrawingFileDetailsPage,
  'drawdoc/DrawDocManagement': DrawDocManagementPage,
  'electronics/DataUpload': DataUploadPage,
  'electronics/MapManagement': MapManagementPage,
  'electronics/APicture': APicturePage,
  'electronics/ThreeDimensional': ThreeDimensionalPage,
};
