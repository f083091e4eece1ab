/**
 * A file input that applies the spec's upload rules (shared/validation/upload.ts: extensions, special
 * characters, names of only digits, 50 MB) before anything is sent, with the spec's messages.
 *
 * ```tsx
 * <FileField id="licence" label="营业执照" allowed={documentExtensions} onFile={setFile} />
 * ```
 */
import { useState } from 'react';
import { checkUpload } from '@shared/validation/upload';
import { Field } from '@shared/ui/form';

export interface FileFieldProps {
  id: string;
  label: string;
  allowed: readonly string[];
  /** A file that passed the rules, or null when the choice was cleared or refused. */
  onFile: (file: File | null) => void;
  hint?: string;
  /** A message from outside (the server refused the upload). */
  error?: string | undefined;
}

export function FileField({ id, label, allowed, onFile, hint, error }: FileFieldProps) {
  const [problem, setProblem] = useState<string | undefined>();
  return (
    <Field
      id={id}
      label={label}
      hint={hint ?? `支持格式：${allowed.join('、')}，不超过50MB`}
      error={problem ?? error}
    >
      {(control) => (
        <input
          {...control}
          type="file"
          className="ui-input"
          accept={allowed.map((extension) => `.${extension}`).join(',')}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            const refused = file ? checkUpload({ name: file.name, size: file.size }, allowed) : null;
            setProblem(refused?.message);
            if (refused) event.target.value = '';
            onFile(refused ? null : file);
          }}
        />
      )}
    </Field>
  );
}
