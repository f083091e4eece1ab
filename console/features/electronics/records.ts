/** What the archive's pages show of a metadata record, and what its edit takes. */

export interface EditMetadataProps {
  record: { recordId: number; kind: number; classification: number; content: Record<string, unknown> };
  onDone: (text: string) => void;
}

/** The first 10 hex digits, enough to tell records apart on a page (the full hash is its title). */
export const shortHash = (hash: string | null) => (hash ? `${hash.slice(0, 10)}…` : '—');

/** A content value as a field holds it. */
export const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
