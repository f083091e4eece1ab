/**
 * The service-deadline half of /task/time: working days per kind of to-do and the holiday calendar
 * (server/modules/deadlines). Every to-do list shows the due date these give and marks the overdue.
 */
import { useState } from 'react';
import { deadlineCalls, type CalendarDayRow, type DeadlineSetting } from '@shared/calls/deadlines';
import { calendarDayKinds } from '@shared/domain/deadlines';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice } from '@shared/ui/page';
import { calendarDaySchema, deadlineEditSchema } from '@shared/validation/deadlines';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { DataTable, type Column } from '@console/kit/data-table';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation } from '@console/kit/query';

function EditDeadline({ row, onDone }: { row: DeadlineSetting; onDone: (o: ActionOutcome) => void }) {
  const form = useContractForm(deadlineEditSchema, {
    taskType: row.taskType,
    workingDays: String(row.workingDays),
  });
  const save = useCallMutation(deadlineCalls.edit, { invalidates: [deadlineCalls.list] });
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="secondary" aria-label={`修改 ${row.label} 时限`}>
          修改
        </Button>
      }
      title={`修改办理时限：${row.label}`}
      form={form}
      fields={{ workingDays: '办理时限（工作日）' }}
      onSubmit={async (values) => onDone({ tone: 'success', text: (await save.mutateAsync(values)).message })}
    >
      <TextField form={form} name="workingDays" label="办理时限（工作日）" hint="1 到 60，周末和节假日不计" />
    </FormDialog>
  );
}

function AddCalendarDay({ onDone }: { onDone: (o: ActionOutcome) => void }) {
  const form = useContractForm(calendarDaySchema, { day: '', kind: 'holiday', name: '' });
  const save = useCallMutation(deadlineCalls.saveDay, { invalidates: [deadlineCalls.calendar] });
  return (
    <FormDialog
      trigger={<Button size="sm">新增日期</Button>}
      title="新增节假日或调休上班日"
      form={form}
      fields={{ day: '日期', kind: '类型', name: '名称' }}
      onSubmit={async (values) => onDone({ tone: 'success', text: (await save.mutateAsync(values)).message })}
    >
      <TextField form={form} name="day" label="日期" type="date" />
      <TextField
        form={form}
        name="kind"
        label="类型"
        options={calendarDayKinds.map((k) => ({ value: k.value, label: k.label }))}
      />
      <TextField form={form} name="name" label="名称" hint="如 国庆节、春节调休" />
    </FormDialog>
  );
}

const kindLabel = (kind: string) => calendarDayKinds.find((k) => k.value === kind)?.label ?? kind;

export function DeadlineSections() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const year = new Date().getFullYear();
  const settings = useCall(deadlineCalls.list, {});
  const calendar = useCall(deadlineCalls.calendar, { year });
  const remove = useCallMutation(deadlineCalls.deleteDay, { invalidates: [deadlineCalls.calendar] });
  const settingColumns: readonly Column<DeadlineSetting>[] = [
    { key: 'label', header: '待办类型', cell: (row) => row.label, wide: true },
    { key: 'workingDays', header: '办理时限', cell: (row) => `${row.workingDays} 个工作日`, nowrap: true },
    { key: 'defaultDays', header: '默认', cell: (row) => `${row.defaultDays} 个工作日`, nowrap: true },
    {
      key: 'updatedAt',
      header: '修改时间',
      cell: (row) => (row.updatedAt ? formatDateTime(row.updatedAt) : '—'),
      nowrap: true,
    },
  ];
  const dayColumns: readonly Column<CalendarDayRow>[] = [
    { key: 'day', header: '日期', cell: (row) => row.day, nowrap: true },
    { key: 'kind', header: '类型', cell: (row) => kindLabel(row.kind), nowrap: true },
    { key: 'name', header: '名称', cell: (row) => row.name, wide: true },
  ];
  return (
    <>
      {feedback ? (
        <Notice tone={feedback.tone === 'success' ? 'info' : 'danger'}>{feedback.text}</Notice>
      ) : null}
      <Card>
        <h2>办理时限</h2>
        <p>
          每类待办自收到之日起的办理时限，按工作日计算（周末和下方日历中的节假日不计，调休上班日计入）。到期前一个工作日由定时任务“deadline-reminders”提醒办理人，超期的待办在各待办列表中标记为已超期。
        </p>
        {settings.error ? <Notice tone="danger">{settings.error.message}</Notice> : null}
        <DataTable
          caption="办理时限"
          columns={settingColumns}
          rows={settings.data ?? []}
          rowKey={(row) => row.taskType}
          rowActions={(row) => <EditDeadline row={row} onDone={setFeedback} />}
        />
      </Card>
      <Card>
        <h2>{year} 年节假日与调休</h2>
        <AddCalendarDay onDone={setFeedback} />
        {calendar.error ? <Notice tone="danger">{calendar.error.message}</Notice> : null}
        <DataTable
          caption={`${year} 年节假日与调休`}
          columns={dayColumns}
          rows={calendar.data ?? []}
          rowKey={(row) => row.day}
          rowActions={(row) => (
            <ConfirmAction
              label="删除"
              variant="danger"
              title="删除日期"
              question={`确定删除 ${row.day}（${row.name}）吗？`}
              ariaLabel={`删除 ${row.day}`}
              action={() => remove.mutateAsync({ day: row.day })}
              onDone={setFeedback}
            />
          )}
        />
      </Card>
    </>
  );
}
