/**
 * The form of an evaluation scored on configurable criteria (smo: the owner's rating of the agency,
 * smd: the authority's assessment of an agency, con: the agency's rating of the owner): it loads the kind's current criteria, asks a 1–5
 * score for each and a comment, and saves through the kind's call with the criteria version shown,
 * beside the fields that name what is evaluated (`identity`: organizationId and period, or
 * projectDemandId), then hands the saved evaluation to the page (`onSaved`).
 */
import type { z } from 'zod';
import type { ApiCall, CallInput } from '@shared/calls/define';
import { evaluationCalls } from '@shared/calls/evaluations';
import type { ConfigurableKind } from '@shared/domain/evaluations';
import type { ConSaveInput, conSaveSchema } from '@shared/validation/evaluations';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation } from '@console/kit/query';
import { ScoreFields, scoreFieldLabels, scoreFieldsOf } from './score-fields';

/** What a page keeps of a saved evaluation: the server's message and the evaluation's id. */
export interface Saved {
  message: string;
  id: number;
}

/** The fields every scored save has (smo's, smd's and con's save schemas spread the same ones). */
type ScoredKey = 'criteriaVersion' | 'scores' | 'comment';
type ScoredInput = Pick<z.input<typeof conSaveSchema>, ScoredKey>;
type ScoredOutput = Pick<ConSaveInput, ScoredKey>;

/**
 * A save call of a scored evaluation: its input has the scored fields, its answer the evaluation, whose
 * id is `id` (evaluations) or `tableId` (smo's construction_satisfaction rows, named by the old API).
 */
type ScoredCall = ApiCall<
  z.ZodType<ScoredOutput, ScoredInput>,
  z.ZodType<{ id: number } | { tableId: number }>,
  'result'
>;

export interface ScoredFormProps<C extends ScoredCall> {
  /** The kind whose current criteria are scored. */
  kind: ConfigurableKind;
  /** The save call (satisfactionCalls.save, evaluationCalls.smdSave, conSave). */
  call: C;
  /**
   * The call's input schema (from shared/validation), which validates the form: the browser's calls
   * carry no schemas (docs/decisions/0006-contracts-and-console-kit.md).
   */
  schema: C['input'];
  /** The call's other fields, naming what is evaluated, as the form holds them (strings). */
  identity: { [K in Exclude<keyof CallInput<C>, ScoredKey>]: string };
  /** The calls whose answers a save makes stale (the lists, the page's record). */
  invalidates: readonly ApiCall[];
  commentLabel: string;
  submitLabel: string;
  onSaved: (saved: Saved) => void;
}

export function ScoredForm<C extends ScoredCall>(props: ScoredFormProps<C>) {
  const criteria = useCall(evaluationCalls.criteria, { kind: props.kind });
  if (!criteria.data) return null;
  return <ScoredFormOf {...props} version={criteria.data.version} labels={criteria.data.labels} />;
}

function ScoredFormOf({
  call,
  schema,
  identity,
  invalidates,
  commentLabel,
  submitLabel,
  onSaved,
  version,
  labels,
}: Omit<ScoredFormProps<ScoredCall>, 'kind' | 'identity'> & {
  identity: Readonly<Record<string, string>>;
  version: number;
  labels: readonly string[];
}) {
  const form = useContractForm(schema, {
    ...identity,
    criteriaVersion: String(version),
    scores: labels.map(() => ''),
    comment: '',
  });
  const save = useCallMutation(call, { invalidates });
  return (
    <KitForm
      form={form}
      fields={{ ...scoreFieldLabels(labels), comment: commentLabel }}
      submitLabel={submitLabel}
      onSubmit={async (values) => {
        const answer = await save.mutateAsync(values);
        const saved = answer.data;
        onSaved({ message: answer.message, id: 'id' in saved ? saved.id : saved.tableId });
      }}
    >
      <ScoreFields form={form} fields={scoreFieldsOf(labels)} />
      <TextField form={form} name="comment" label={commentLabel} multiline hint="选填，不超过 500 个字" />
    </KitForm>
  );
}
