/** The shared rich-text editor (console/components), loaded only when a template is edited. */
import { lazy, Suspense, type ComponentProps } from 'react';
import { zh } from '@console/lib/i18n';
import type { RichTextEditor as Editor } from '@console/components/rich-text-editor/rich-text-editor';

const LazyEditor = lazy(async () => ({
  default: (await import('@console/components/rich-text-editor/rich-text-editor')).RichTextEditor,
}));

export function RichTextEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<p>{zh.common.loading}</p>}>
      <LazyEditor {...props} />
    </Suspense>
  );
}
