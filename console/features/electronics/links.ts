/** The archive's pages that other archive pages link to (one chunk each: a link must not load its page's code). */
export const CASE_LIST = '/electronics/CaseList';

/** The drawing lists (drawing-pages.tsx), which a case links to filtered by its number. */
export const DRAWING_LISTS = {
  drawing: '/electronics/DrawingManagement',
  document: '/drawdoc/DrawDocManagement',
} as const;

export const THREE_DIMENSIONAL = '/electronics/ThreeDimensional';
