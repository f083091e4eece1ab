/** The orgstaff route group's pages. */
import { PersonnelReviewPage, StaffDetailPage, StaffListPage } from './pages';

export const pages = {
  stafflist: StaffListPage,
  personnelReview: PersonnelReviewPage,
  staffdetail: StaffDetailPage,
};
