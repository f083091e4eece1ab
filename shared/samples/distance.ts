/** Metres between two lon/lat points on the mean Earth sphere (haversine): plenty at a city's scale. */
export function metresBetween(
  [lon1 = 0, lat1 = 0]: readonly number[],
  [lon2 = 0, lat2 = 0]: readonly number[],
) {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371008.8 * Math.asin(Math.sqrt(a));
}
