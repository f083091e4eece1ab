/** Uploaded vector data (GeoJSON, zipped Shapefile, KML) read into WGS84 GeoJSON for the map. */
export {
  BOX_MARGIN,
  MAX_FEATURES,
  readVectorFile,
  VectorFileError,
  type CityBox,
  type VectorData,
  type VectorEncoding,
} from './read';
export { acceptedCrs, crsFromName, crsFromPrj, prjOf, WGS84, type Crs } from './crs';
