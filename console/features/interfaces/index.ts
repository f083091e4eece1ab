/** The pages of the data interfaces (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import './interfaces.css';
import { InterfaceDetailsPage } from './interface-details-page';
import { InterfaceManagementPage } from './interface-management-page';

export const pages: FeaturePages<'interfaces'> = {
  'dataExchangeSystem/interfaceManagement': InterfaceManagementPage,
  'dataExchangeSystem/interfaceDetails': InterfaceDetailsPage,
};
