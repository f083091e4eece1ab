/** The pages of the certificates feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import { CertificateDetailPage, CertificateListPage } from './certificate-pages';

export const pages: FeaturePages<'certificates'> = {
  'workflow/CertificateList': CertificateListPage,
  'workflow/CertificateDetiles': CertificateDetailPage,
};
