/** The pages of the archive feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { CaseArchivePage } from './case-archive-page';
import './archive.css';

export const pages: FeaturePages<'archive'> = {
  'workflow/myDetials': CaseArchivePage,
};
