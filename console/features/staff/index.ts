/** The pages of the staff feature, by route (shared/domain/console-pages.ts lists them): one lazy chunk. */
import type { FeaturePages } from '@console/lib/feature-pages';
import {
  StaffChangeDetailPage,
  StaffChangeListPage,
  StaffChangeTodoPage,
  StaffCheckPage,
} from './change-pages';
import {
  EditStaffPage,
  PersonStaffDetailPage,
  PersonnelReviewPage,
  StaffAddPage,
  StaffDetailPage,
  StaffListChildPage,
  StaffListPage,
} from './pages';

export const pages: FeaturePages<'staff'> = {
  'orgstaff/stafflist': StaffListPage,
  'orgstaff/staffListChild': StaffListChildPage,
  'orgstaff/personnelReview': PersonnelReviewPage,
  'orgstaff/staffadd': StaffAddPage,
  'orgstaff/editStaffAdd': EditStaffPage,
  'orgstaff/staffchecklist': StaffChangeListPage,
  'orgstaff/informationReview': StaffChangeTodoPage,
  'orgstaff/staffdetail': StaffDetailPage,
  'orgstaff/personStaffdetail': PersonStaffDetailPage,
  'orgstaff/PersonStaffdetailDifferent': StaffChangeDetailPage,
  'orgstaff/staffcheck': StaffCheckPage,
};
