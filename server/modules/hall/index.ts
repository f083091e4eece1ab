export { newestConstructions, newestProjects, type NewConstruction, type NewProject } from './newest';
export { hallRoutes } from './routes';
