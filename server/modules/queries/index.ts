export { queryRoutes } from './routes';
export { districtCounty } from './district-county';
