/**
 * The rounds a user may see (机构检查): the administrator all of them, a 主管部门 account those it
 * opened and those it was drawn to inspect in; 开启检查轮次 opens a new one.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { inspectionCalls, type InspectionRoundRow } from '@shared/calls/inspections';
import { inspectionStateTable } from '@shared/domain/inspections';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { inspectionCreateSchema } from '@shared/validation/inspections';
import { fieldError, FormDialog, TextField, useContractForm } from '@console/kit/form';
import { ListPage, statusFilter } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation } from '@console/kit/query';
import { type ActionOutcome } from '@console/kit/confirm-action';
import { type Column } from '@console/kit/data-table';

export const roundHref = (id: number) => `/evaluatemanger/organizationCheckList?id=${id}`;

const columns: readonly Column<InspectionRoundRow>[] = [
  {
    key: 'name',
    header: '轮次名称',
    cell: (row) => <Link to={roundHref(row.id)}>{row.name}</Link>,
    wide: true,
  },
  {
    key: 'state',
    header: '状态',
    cell: (row) => <StatusBadge table={inspectionStateTable} value={row.state} />,
  },
  {
    key: 'share',
    header: '抽查',
    nowrap: true,
    cell: (row) => `${row.share}%：${row.inspecteeCount} / ${row.candidateCount} 家`,
  },
  {
    key: 'inspectors',
    header: '检查人员',
    nowrap: true,
    cell: (row) => `${row.inspectorCount} 人，每家 ${row.inspectorsPerAgency} 人`,
  },
  {
    key: 'recorded',
    header: '结果录入',
    nowrap: true,
    cell: (row) => (row.drawnAt ? `${row.recordedCount} / ${row.inspecteeCount}` : '—'),
  },
  { key: 'createdByName', header: '开启人', cell: (row) => row.createdByName },
  { key: 'createdAt', header: '开启时间', nowrap: true, cell: (row) => formatDateTime(row.createdAt) },
  {
    key: 'publishedAt',
    header: '公开时间',
    nowrap: true,
    cell: (row) => (row.publishedAt ? formatDateTime(row.publishedAt) : '—'),
  },
  { key: 'mine', header: '我的任务', cell: (row) => (row.isInspector ? '检查人员' : '—') },
];

const perAgencyOptions = [
  { value: '1', label: '1 人' },
  { value: '2', label: '2 人' },
];

function CreateRoundDialog({ onDone }: { onDone: (outcome: ActionOutcome) => void }) {
  const navigate = useNavigate();
  const inspectors = useCall(inspectionCalls.inspectors, {});
  const form = useContractForm(inspectionCreateSchema, {
    name: '',
    share: '10',
    inspectorsPerAgency: '1',
    inspectorIds: [],
  });
  const create = useCallMutation(inspectionCalls.create, { invalidates: [inspectionCalls.list] });
  const inspectorsError = fieldError(form, 'inspectorIds');
  return (
    <FormDialog
      trigger={<Button>开启检查轮次</Button>}
      title="开启检查轮次"
      description="开启时冻结候选机构（有在办项目的中介机构）和检查人员名单，并公布承诺值；抽取时公开随机数，任何人都可以复核。"
      form={form}
      fields={{
        name: '轮次名称',
        share: '抽查比例（%）',
        inspectorsPerAgency: '每家检查人员',
        inspectorIds: '检查人员名单',
      }}
      submitLabel="开启"
      onSubmit={async (values) => {
        const answer = await create.mutateAsync(values);
        onDone({ tone: 'success', text: answer.message });
        void navigate(roundHref(answer.data.id));
      }}
    >
      <TextField form={form} name="name" label="轮次名称" hint="例如：2026年第四季度测绘中介机构双随机抽查" />
      <TextField
        form={form}
        name="share"
        label="抽查比例（%）"
        type="number"
        hint="1 到 100；抽查家数 = 候选家数 × 比例，向上取整，至少 1 家"
      />
      <TextField form={form} name="inspectorsPerAgency" label="每家检查人员" options={perAgencyOptions} />
      <fieldset
        className="ui-field ui-choice-group"
        aria-describedby={inspectorsError ? 'inspection-inspectors-error' : undefined}
      >
        <legend>检查人员名单（主管部门人员）</legend>
        {(inspectors.data ?? []).map((person) => (
          <label key={person.userId} className="ui-choice">
            <input type="checkbox" value={String(person.userId)} {...form.register('inspectorIds')} />{' '}
            {person.username}（编号 {person.userId}）
          </label>
        ))}
        {inspectorsError ? (
          <p id="inspection-inspectors-error" className="ui-field__error">
            {inspectorsError}
          </p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}

export function RoundListPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  return (
    <ListPage
      title="机构检查"
      caption="检查轮次"
      description="双随机、一公开：随机抽取检查对象和检查人员，抽取过程和检查结果向社会公开。检查人员只能看到自己被抽中的轮次。"
      actions={<CreateRoundDialog onDone={setFeedback} />}
      call={inspectionCalls.list}
      filters={[{ name: 'name', label: '轮次名称' }, statusFilter('state', '状态', inspectionStateTable)]}
      columns={columns}
      rowKey={(row) => row.id}
      feedback={feedback}
      emptyText={(filtered) =>
        filtered ? '没有符合条件的检查轮次' : '暂无检查轮次：点击“开启检查轮次”开始一轮双随机抽查'
      }
    />
  );
}
