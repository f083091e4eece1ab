/** The pages of the certificates feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'certificates'> = {
  'workflow/CertificateList': () =>
    import('./certificate-pages').then((module) => module.CertificateListPage),
  'workflow/CertificateDetiles': () =>
    import('./certificate-pages').then((module) => module.CertificateDetailPage),
};
