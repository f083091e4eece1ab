/**
 * The scored criteria of an evaluation form, one 1–5 choice per criterion: the same fields for the
 * owner's rating (smo), the authority's assessment (smd) and the agency's rating of the owner (con),
 * `scores.0` … in the order of the criteria version shown.
 */
import { SCORE_MAX, SCORE_MIN } from '@shared/domain/evaluations';
import { TextField, type FormWith } from '@console/kit/form';

const scoreOptions = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, index) => {
  const score = SCORE_MAX - index;
  return { value: String(score), label: `${score} 分` };
});

export function ScoreFields<N extends string>({
  form,
  fields,
}: {
  form: FormWith<N>;
  fields: readonly { name: N; label: string }[];
}) {
  return (
    <>
      {fields.map((field) => (
        <TextField
          key={field.name}
          form={form}
          name={field.name}
          label={field.label}
          options={scoreOptions}
        />
      ))}
    </>
  );
}

/** The field names of a criteria list's scores, `scores.0` …, with their labels. */
export function scoreFieldsOf(labels: readonly string[]) {
  return labels.map((label, index) => ({ name: `scores.${index}` as const, label }));
}

/** The KitForm `fields` map (order of the error summary) of a criteria list's scores. */
export function scoreFieldLabels(labels: readonly string[]): Record<`scores.${number}`, string> {
  return Object.fromEntries(labels.map((label, index) => [`scores.${index}`, label]));
}
