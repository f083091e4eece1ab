/**
 * Docking with the provincial investment-project approval platform (docs/docking.md): the projects it
 * pushes (the feed) or we pull from it are kept as docked projects; an owner turns one into a project.
 */

/** The files a docked project may carry, one of each type: downloadProFile/{id}/{type}. */
export const dockedFileTypes = [
  { value: 'approval', label: '立项批复文件' },
  { value: 'planning', label: '建设工程规划许可证' },
  { value: 'land', label: '用地批准文件' },
  { value: 'other', label: '其他材料' },
] as const;
export type DockedFileType = (typeof dockedFileTypes)[number]['value'];
export const dockedFileTypeValues = dockedFileTypes.map((t) => t.value) as [
  DockedFileType,
  ...DockedFileType[],
];

export function dockedFileTypeLabel(value: string): string {
  return dockedFileTypes.find((t) => t.value === value)?.label ?? value;
}

/** How a docked project reached us: read from the feed directory, or from the platform's HTTP API. */
export const dockingSources = [
  { value: 'directory', label: '数据目录' },
  { value: 'http', label: '审批平台接口' },
] as const;
export type DockingSource = (typeof dockingSources)[number]['value'];

export function dockingSourceLabel(value: string): string {
  return dockingSources.find((s) => s.value === value)?.label ?? value;
}

/** A docked project's state: waiting for its owner, or turned into a project (linked). */
export const dockedStates = [
  { value: 0, label: '待导入' },
  { value: 1, label: '已导入' },
] as const;
