/**
 * How a demand's agency is selected (issue 13), as form fields: the method among the allowed ones
 * and, for price comparison only, the quote deadline. On the release dialog (where it may stay
 * blank) and on 中介选取.
 */
import { selectionMethodHints, selectionMethodLabels, type SelectionMethod } from '@shared/domain/selection';
import { TextField, type FormWith } from '@console/kit/form';

export function SelectionMethodFields({
  form,
  methods,
  label,
  blankHint,
}: {
  form: FormWith<'method', SelectionMethod> & FormWith<'quoteDeadline'>;
  /** The methods offered (what the configuration allows). */
  methods: readonly SelectionMethod[];
  label: string;
  /** The hint while no method is chosen. */
  blankHint?: string;
}) {
  const chosen = form.watch('method');
  const method = methods.find((m) => m === chosen);
  return (
    <>
      <TextField
        form={form}
        name="method"
        label={label}
        hint={method ? selectionMethodHints[method] : blankHint}
        options={methods.map((m) => ({ value: m, label: selectionMethodLabels[m] }))}
      />
      {method === 'price' ? (
        <TextField
          form={form}
          name="quoteDeadline"
          label="报价截止时间"
          hint="北京时间，如 2026-12-01T17:00；留空为 5 天后"
        />
      ) : null}
    </>
  );
}
