/**
 * The rich-text editor (Tiptap, the heaviest piece of the console) loads only when a page that edits
 * rich text opens, in its own chunk; the rest of the group does not carry it.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { zh } from '@console/lib/i18n';
import type { RichTextEditor as Editor } from '@console/components/rich-text-editor/rich-text-editor';

const LazyEditor = lazy(async () => ({
  default: (await import('@console/components/rich-text-editor/rich-text-editor')).RichTextEditor,
}));

export function RichTextEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<p className="nm-muted">{zh.common.loading}</p>}>
      <LazyEditor {...props} />
    </Suspense>
  );
}
