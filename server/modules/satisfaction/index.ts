export { satisfactionRoutes } from './routes';
export { ratingSummary } from './service';
