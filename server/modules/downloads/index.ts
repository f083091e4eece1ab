export { downloadFileUrl, downloadRoutes } from './routes';
export { listDownloads, type DownloadItem } from './service';
