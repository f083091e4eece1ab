export { auditUserRoutes } from './routes';
