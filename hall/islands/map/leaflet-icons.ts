/** Leaflet icons bundled with the page (no CDN): the place marker, cluster bubbles, project dots. */
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?url';
import iconUrl from 'leaflet/dist/images/marker-icon.png?url';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?url';

export const placeIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

const clusterIcons = new Map<string, L.DivIcon>();

/** A round bubble with the count; three sizes. Cached per label, as Leaflet compares icons by identity. */
export function clusterIcon(count: number, label: string): L.DivIcon {
  const cached = clusterIcons.get(label);
  if (cached) return cached;
  const size = count < 50 ? 34 : count < 500 ? 42 : 52;
  const icon = L.divIcon({
    html: `<span>${label}</span>`,
    className: `map-cluster map-cluster-${size}`,
    iconSize: [size, size],
  });
  clusterIcons.set(label, icon);
  return icon;
}

const pointIcons = new Map<string, L.DivIcon>();

/** A project dot colored by its status tone. */
export function pointIcon(tone: string): L.DivIcon {
  const cached = pointIcons.get(tone);
  if (cached) return cached;
  const icon = L.divIcon({ html: '', className: `map-point tone-${tone}`, iconSize: [16, 16] });
  pointIcons.set(tone, icon);
  return icon;
}
