/** The pages of the audit-opinions feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { ApprovalOpinionsPage } from './approval-opinions-page';

export const pages: FeaturePages<'audit-opinions'> = {
  'noticemanger/approvalOpinions': ApprovalOpinionsPage,
};
