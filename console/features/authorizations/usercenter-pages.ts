/** The usercenter pages of authorization changes; console/app/pages.ts merges them with the others. */
import { ProChangeDonePage, ProChangePage } from './change-pages';

export const pages = { prochange: ProChangePage, proChangeDone: ProChangeDonePage };
