/** The task route group's pages (the job runner's schedule). */
import { JobListPage } from './job-list-page';

export const pages = {
  time: JobListPage,
};
