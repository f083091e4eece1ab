/**
 * A status as a coloured tag, from one of the shared status tables (shared/domain/statuses.ts): the
 * label and the tone come from the table, so every page shows a status the same way.
 *
 * ```tsx
 * <StatusBadge table={auditStatus} value={row.auditStatus} />
 * ```
 */
import type { StatusEntry, StatusTable } from '@shared/domain/statuses';
import './kit.css';

export function StatusBadge<E extends StatusEntry>({
  table,
  value,
}: {
  table: StatusTable<E>;
  value: unknown;
}) {
  const entry = table.find(value);
  return (
    <span data-slot="status-badge" className={`kit-badge kit-badge--${entry?.tone ?? 'neutral'}`}>
      {table.label(value)}
    </span>
  );
}
