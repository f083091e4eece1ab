export { auditOpinionRoutes } from './routes';
