export {
  countProjectsByDistrict,
  getProjectDistribute,
  hallCountedProject,
  listDistrictShapes,
  listDistricts,
} from './districts';
export { createMapModule, type MapModule } from './map-module';
export { getProjectCard } from './project-card';
export { type DistrictItem, type DistrictShape, type MapClientConfig, type ProjectDistribute } from './types';
