import type { LayerRow } from '@shared/calls/electronics';

/** A layer's settings as 图层设置 sends them (a blank fill or label field: none). */
export const settingsOf = (row: LayerRow) => ({
  id: row.layerId,
  name: row.name,
  color: row.style.color,
  width: row.style.width,
  fill: row.style.fill ?? '',
  fillOpacity: row.style.fillOpacity,
  labelField: row.style.labelField ?? '',
  visible: row.visible,
  classification: row.classification,
});
