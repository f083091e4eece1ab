/**
 * A file input that applies the spec's upload rules (shared/validation/upload.ts: extensions, special
 * characters, names of only digits, 50 MB) before anything is sent, with the spec's messages.
 *
 * ```tsx
 * <FileField id="licence" label="营业执照" allowed={documentExtensions} onFile={setFile} />
 * <KeptFiles files={kept} onRemove={(fileId) => setRemoved((before) => [...before, fileId])} />
 * ```
 */
import { useState } from 'react';
import { checkUpload } from '@shared/validation/upload';
import { Button } from '@shared/ui/button';
import { Field } from '@shared/ui/form';
import { kitTexts } from './texts';
import './kit.css';

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

/** The files a form keeps from before, each with 删除 (the form sends the removed ones when saved). */
export function KeptFiles({
  files,
  label,
  onRemove,
}: {
  files: readonly { fileId: string; fileName: string }[];
  /** Before each name (default 已上传：). */
  label?: string | undefined;
  onRemove: (fileId: string) => void;
}) {
  if (files.length === 0) return null;
  return (
    <ul className="kit-kept-files">
      {files.map((file) => (
        <li key={file.fileId}>
          {label ?? kitTexts.uploaded}
          {file.fileName}{' '}
          <Button type="button" variant="ghost" size="sm" onClick={() => onRemove(file.fileId)}>
            {kitTexts.remove}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The files a form adds (one per upload field, by the field's name) and the files it keeps from
 * before that it removes; `input()` is what the form sends for them.
 */
export function useFormFiles<K extends string>() {
  const [uploads, setUploads] = useState<Partial<Record<K, File>>>({});
  const [removed, setRemoved] = useState<readonly string[]>([]);
  return {
    removed,
    choose: (key: K, file: File | null) =>
      setUploads((before) => {
        const next = { ...before };
        if (file) next[key] = file;
        else delete next[key];
        return next;
      }),
    remove: (fileId: string) => setRemoved((before) => [...before, fileId]),
    /** The chosen files by field, and `removeFileIds` when files are removed. */
    input: (): Partial<Record<K, File>> & { removeFileIds?: string } => ({
      ...uploads,
      ...(removed.length > 0 ? { removeFileIds: removed.join(',') } : {}),
    }),
    /** After saving: nothing chosen, nothing removed. */
    clear: () => {
      setUploads({});
      setRemoved([]);
    },
  };
}

/** The files of a form (useFormFiles). */
export type FormFiles<K extends string> = ReturnType<typeof useFormFiles<K>>;
