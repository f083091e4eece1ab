/** The choices of a year filter: the latest `count` years, newest first (`2026年`). */
export function yearOptions(count: number, latest = new Date().getFullYear()) {
  return Array.from({ length: count }, (_, index) => ({
    value: latest - index,
    label: `${latest - index}年`,
  }));
}
