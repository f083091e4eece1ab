export { API_DOCS_PATH, createApiDocsRoutes } from './routes';
