/** The pages of the audit-opinions feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'audit-opinions'> = {
  'noticemanger/approvalOpinions': () =>
    import('./approval-opinions-page').then((module) => module.ApprovalOpinionsPage),
};
