/**
 * A labelled text input on a value the page holds itself, for the few forms that are not a contract's
 * form (those use TextField): a template's title, a download's name.
 *
 * ```tsx
 * <InputField id="dl-title" label="文件名称" value={title} onChange={setTitle} maxLength={100} error={errors.title} />
 * ```
 */
import { Field, Input } from '@shared/ui/form';
import './kit.css';

export function InputField({
  id,
  label,
  value,
  onChange,
  maxLength,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string | undefined;
}) {
  return (
    <Field id={id} label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          value={value}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
