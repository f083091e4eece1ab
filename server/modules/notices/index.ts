export { noticeRoutes } from './routes';
export {
  getNotice,
  latestNotices,
  listNotices,
  noticeFileUrl,
  type NoticeDetail,
  type NoticeSummary,
} from './service';
