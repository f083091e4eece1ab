/**
 * The survey-item picker of a demand (/demandmanger/release) and of an offline project
 * (/workflow/offlineProject): the approval stage, then that stage's survey items as checkboxes into
 * `itemIds` (a stage is chosen first, so one record never mixes stages).
 */
import { fieldError, TextField, type FormWith } from '@console/kit/form';
import './survey-items.css';

/** A stage with its survey items, as the picker offers them. */
export interface StageChoice {
  id: number;
  name: string;
  items: readonly { id: number; name: string }[];
}

/** The picker's fields with their labels, for the form's `fields` (the error summary's order). */
export const surveyItemLabels = { stageId: '审批阶段', itemIds: '测绘事项' } as const;

/**
 * The stage select and the chosen stage's items. Inside a form grid the select takes a cell and the
 * items the whole row below it.
 */
export function SurveyItemPicker({
  form,
  stages,
}: {
  form: FormWith<keyof typeof surveyItemLabels>;
  stages: readonly StageChoice[];
}) {
  const stage = stages.find((s) => s.id === Number(form.watch('stageId')));
  const error = fieldError(form, 'itemIds');
  return (
    <>
      <TextField
        form={form}
        name="stageId"
        label={surveyItemLabels.stageId}
        options={stages.map((s) => ({ value: s.id, label: s.name }))}
      />
      {stage ? (
        <fieldset className="survey-items">
          <legend>{surveyItemLabels.itemIds}</legend>
          {stage.items.map((item) => (
            <label key={item.id} className="survey-items__item">
              <input type="checkbox" value={item.id} {...form.register('itemIds')} />
              {item.name}
            </label>
          ))}
          {error ? (
            <p className="survey-items__error" role="alert">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : (
        <p className="survey-items__hint">请选择审批阶段后勾选测绘事项。</p>
      )}
    </>
  );
}
