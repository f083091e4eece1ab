/** The demandmanger pages of authorizations (the projects work adds the group's others at merge). */
import { OwnerAuthChangePage } from './change-pages';

export const pages = { demandAuthChange: OwnerAuthChangePage };
