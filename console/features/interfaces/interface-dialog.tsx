/**
 * 新增 / 修改 an interface: its dataset, the fields it returns (classified ones shown but not
 * selectable) and its conditions, each a field, an operator the field's type takes and a fixed value
 * or a parameter name. The shared schema validates here and again on the server, which also checks the
 * fields and operators against the dataset.
 */
import { useEffect, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { interfaceCalls, type DatasetOut, type InterfaceRow } from '@shared/calls/interfaces';
import { fieldTypeLabel, operatorLabel, takesList } from '@shared/domain/interfaces';
import { interfaceSaveSchema, type InterfaceSaveInput } from '@shared/validation/interfaces';
import { Button } from '@shared/ui/button';
import { fieldError, FormDialog, TextField, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation } from '@console/kit/query';
import { type ActionOutcome } from '@console/kit/confirm-action';
import './interfaces.css';

const blank: InterfaceSaveInput = {
  code: '',
  name: '',
  description: '',
  dataset: 'projects',
  fields: [],
  conditions: [],
  rowCap: '1000',
  enabled: true,
};

function formValues(row: InterfaceRow): InterfaceSaveInput {
  return {
    code: row.code,
    name: row.name,
    description: row.description ?? '',
    dataset: row.dataset,
    fields: row.fields,
    conditions: row.conditions.map((c) => ({ ...c, value: c.value ?? '', param: c.param ?? '' })),
    rowCap: String(row.rowCap),
    enabled: row.enabled,
  };
}

export function InterfaceDialog({
  row,
  onSaved,
}: {
  row?: InterfaceRow;
  onSaved: (outcome: ActionOutcome) => void;
}) {
  const { data: catalogue } = useCall(interfaceCalls.datasets, {});
  const save = useCallMutation(interfaceCalls.save, { invalidates: [interfaceCalls.list] });
  const update = useCallMutation(interfaceCalls.update, {
    invalidates: [interfaceCalls.list, interfaceCalls.get],
  });
  const form = useContractForm(interfaceSaveSchema, row ? formValues(row) : blank);
  const conditions = useFieldArray({ control: form.control, name: 'conditions' });
  const datasetId = form.watch('dataset');
  // Another dataset has other fields: what was chosen for the first one no longer applies.
  const shownDataset = useRef(datasetId);
  useEffect(() => {
    if (shownDataset.current === datasetId) return;
    shownDataset.current = datasetId;
    form.setValue('fields', []);
    conditions.replace([]);
  }, [datasetId, form, conditions]);
  const dataset: DatasetOut | undefined = catalogue?.find((d) => d.id === datasetId);
  const open = dataset?.fields.filter((f) => !f.classified) ?? [];
  const fieldsError = fieldError(form, 'fields');
  const conditionErrors = form.formState.errors.conditions;
  const idPrefix = row ? `interface-${row.id}` : 'interface-new';
  return (
    <FormDialog
      trigger={
        row ? (
          <Button size="sm" variant="secondary" aria-label={`修改 ${row.name}`}>
            修改
          </Button>
        ) : (
          <Button>新增接口</Button>
        )
      }
      title={row ? `修改接口：${row.name}` : '新增接口'}
      description="选择数据集、返回字段和查询条件；条件值可以固定，也可以由调用方以参数传入。涉密字段不能开放。"
      form={form}
      fields={{
        code: '接口编码',
        name: '接口名称',
        description: '接口说明',
        dataset: '数据集',
        fields: '返回字段',
        conditions: '查询条件',
        rowCap: '返回行数上限',
        enabled: '启用',
      }}
      submitLabel="保存"
      onSubmit={async (values) => {
        const { message } = row
          ? await update.mutateAsync({ ...values, id: row.id })
          : await save.mutateAsync(values);
        onSaved({ tone: 'success', text: message || '保存成功' });
      }}
    >
      <TextField
        form={form}
        name="code"
        label="接口编码"
        hint="调用地址中的名称：字母开头，字母、数字、- 和 _"
      />
      <TextField form={form} name="name" label="接口名称" />
      <TextField form={form} name="description" label="接口说明" multiline />
      <TextField
        form={form}
        name="dataset"
        label="数据集"
        options={(catalogue ?? []).map((d) => ({ value: d.id, label: `${d.label}（${d.description}）` }))}
      />
      <fieldset
        className="ui-field ui-choice-group"
        aria-describedby={fieldsError ? `${idPrefix}-fields-error` : undefined}
      >
        <legend>返回字段</legend>
        {(dataset?.fields ?? []).map((field) => (
          <label key={field.name} className="ui-choice">
            <input
              type="checkbox"
              value={field.name}
              disabled={field.classified}
              {...form.register('fields')}
            />{' '}
            {field.label}（{field.name}，{fieldTypeLabel(field.type)}）
            {field.classified ? '：涉密，不可开放' : ''}
          </label>
        ))}
        {fieldsError ? (
          <p id={`${idPrefix}-fields-error`} className="ui-field__error">
            {fieldsError}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="ui-field">
        <legend>查询条件</legend>
        {conditions.fields.length === 0 ? (
          <p className="ui-field__hint">没有条件：返回数据集的全部行（受行数上限限制）</p>
        ) : null}
        <ol className="interface-conditions">
          {conditions.fields.map((item, index) => {
            const fieldName = form.watch(`conditions.${index}.field`);
            const source = form.watch(`conditions.${index}.source`);
            const operator = form.watch(`conditions.${index}.operator`);
            const chosen = open.find((f) => f.name === fieldName);
            const errors = conditionErrors?.[index];
            const n = index + 1;
            return (
              <li key={item.id} className="interface-condition">
                <label>
                  条件 {n} 字段
                  <select
                    className="ui-input"
                    aria-label={`条件 ${n} 字段`}
                    {...form.register(`conditions.${index}.field`, {
                      // A field of another type takes other operators: start from its first.
                      onChange: (event: { target: { value: string } }) => {
                        const next = open.find((f) => f.name === event.target.value);
                        const current = form.getValues(`conditions.${index}.operator`);
                        if (next && (!current || !next.operators.includes(current)))
                          form.setValue(`conditions.${index}.operator`, next.operators[0]!);
                      },
                    })}
                  >
                    {open.map((f) => (
                      <option key={f.name} value={f.name}>
                        {f.label}（{fieldTypeLabel(f.type)}）
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  条件 {n} 比较方式
                  <select
                    className="ui-input"
                    aria-label={`条件 ${n} 比较方式`}
                    {...form.register(`conditions.${index}.operator`)}
                  >
                    {(chosen?.operators ?? []).map((op) => (
                      <option key={op} value={op}>
                        {operatorLabel(op)}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  条件 {n} 值来源
                  <select
                    className="ui-input"
                    aria-label={`条件 ${n} 值来源`}
                    {...form.register(`conditions.${index}.source`)}
                  >
                    <option value="param">调用参数</option>
                    <option value="fixed">固定值</option>
                  </select>
                </label>
                {source === 'fixed' ? (
                  <label>
                    条件 {n} 固定值
                    <input
                      className="ui-input"
                      aria-invalid={errors?.value ? true : undefined}
                      aria-label={`条件 ${n} 固定值`}
                      {...form.register(`conditions.${index}.value`)}
                    />
                  </label>
                ) : (
                  <label>
                    条件 {n} 参数名
                    <input
                      className="ui-input"
                      aria-invalid={errors?.param ? true : undefined}
                      aria-label={`条件 ${n} 参数名`}
                      {...form.register(`conditions.${index}.param`)}
                    />
                  </label>
                )}
                {chosen && operator && takesList(chosen.type, operator) ? (
                  <p className="ui-field__hint">多个值以逗号分隔</p>
                ) : null}
                {chosen?.codes ? (
                  <p className="ui-field__hint">
                    代码：{chosen.codes.map((c) => `${c.value} ${c.label}`).join('，')}
                  </p>
                ) : null}
                {errors?.value?.message || errors?.param?.message ? (
                  <p className="ui-field__error">{errors.value?.message ?? errors.param?.message}</p>
                ) : null}
                <Button type="button" size="sm" variant="secondary" onClick={() => conditions.remove(index)}>
                  删除条件 {n}
                </Button>
              </li>
            );
          })}
        </ol>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={open.length === 0}
          onClick={() => {
            const first = open[0]!;
            conditions.append({
              field: first.name,
              operator: first.operators[0]!,
              source: 'param',
              value: '',
              param: '',
            });
          }}
        >
          添加条件
        </Button>
      </fieldset>
      <TextField
        form={form}
        name="rowCap"
        label="返回行数上限"
        type="number"
        hint="一次查询最多可取到的行数（1 到 10000）"
      />
      <label className="ui-choice">
        <input type="checkbox" {...form.register('enabled')} /> 启用
      </label>
    </FormDialog>
  );
}
