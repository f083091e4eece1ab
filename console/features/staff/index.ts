/** The pages of the staff feature, by route (shared/domain/console-pages.ts lists them) (each page loads with its module). */
import type { FeaturePages } from '@console/lib/feature-pages';

export const pages: FeaturePages<'staff'> = {
  'orgstaff/stafflist': () => import('./pages').then((module) => module.StaffListPage),
  'orgstaff/staffListChild': () => import('./pages').then((module) => module.StaffListChildPage),
  'orgstaff/personnelReview': () => import('./pages').then((module) => module.PersonnelReviewPage),
  'orgstaff/staffadd': () => import('./pages').then((module) => module.StaffAddPage),
  'orgstaff/editStaffAdd': () => import('./pages').then((module) => module.EditStaffPage),
  'orgstaff/staffchecklist': () => import('./change-pages').then((module) => module.StaffChangeListPage),
  'orgstaff/informationReview': () => import('./change-pages').then((module) => module.StaffChangeTodoPage),
  'orgstaff/staffdetail': () => import('./pages').then((module) => module.StaffDetailPage),
  'orgstaff/personStaffdetail': () => import('./pages').then((module) => module.PersonStaffDetailPage),
  'orgstaff/PersonStaffdetailDifferent': () =>
    import('./change-pages').then((module) => module.StaffChangeDetailPage),
  'orgstaff/staffcheck': () => import('./change-pages').then((module) => module.StaffCheckPage),
};
