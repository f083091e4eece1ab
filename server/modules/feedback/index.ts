export { feedbackRoutes } from './routes';
export { hashLookupCode } from './service';
