/** The orgstaff route group's pages. */
import {
  EditStaffPage,
  PersonnelReviewPage,
  PersonStaffDetailPage,
  StaffAddPage,
  StaffChangeDetailPage,
  StaffChangeListPage,
  StaffChangeTodoPage,
  StaffCheckPage,
  StaffDetailPage,
  StaffListChildPage,
  StaffListPage,
} from './pages';

export const pages = {
  stafflist: StaffListPage,
  staffListChild: StaffListChildPage,
  personnelReview: PersonnelReviewPage,
  staffadd: StaffAddPage,
  editStaffAdd: EditStaffPage,
  staffchecklist: StaffChangeListPage,
  informationReview: StaffChangeTodoPage,
  staffdetail: StaffDetailPage,
  personStaffdetail: PersonStaffDetailPage,
  PersonStaffdetailDifferent: StaffChangeDetailPage,
  staffcheck: StaffCheckPage,
};
