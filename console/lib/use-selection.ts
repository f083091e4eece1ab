import { useEffect, useState } from 'react';

export interface Selection<T> {
  selected: ReadonlySet<T>;
  /** Every visible row is checked (false for an empty list). */
  allSelected: boolean;
  toggle(id: T): void;
  /** Checks every visible row, or unchecks all when they already are. */
  toggleAll(): void;
  clear(): void;
}

/**
 * The checked rows of a list with batch actions. Cleared whenever `resetKey` changes (another page,
 * filter or search), so a batch action never reaches rows the person can no longer see.
 */
export function useSelection<T>(visible: readonly T[], resetKey: string): Selection<T> {
  const [selected, setSelected] = useState<ReadonlySet<T>>(() => new Set());
  useEffect(() => setSelected(new Set()), [resetKey]);
  const allSelected = visible.length > 0 && visible.every((id) => selected.has(id));
  return {
    selected,
    allSelected,
    toggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => setSelected(allSelected ? new Set() : new Set(visible)),
    clear: () => setSelected(new Set()),
  };
}
