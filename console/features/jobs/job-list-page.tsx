import { useState } from 'react';
import { jobCalls, type JobRow } from '@shared/calls/jobs';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { jobEditSchema } from '@shared/validation/jobs';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';

const statusLabels: Record<JobRow['status'], string> = {
  running: '执行中',
  succeeded: '成功',
  failed: '失败',
  never: '未执行',
};

function EditJob({ job, onDone }: { job: JobRow; onDone: (outcome: ActionOutcome) => void }) {
  const form = useContractForm(jobEditSchema, {
    jobName: job.jobName,
    schedule: job.schedule,
    enabled: job.enabled ? 'true' : 'false',
  });
  const save = useCallMutation(jobCalls.edit, { invalidates: [jobCalls.list] });
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="secondary" aria-label={`修改 ${job.jobName}`}>
          修改
        </Button>
      }
      title={`修改定时任务 ${job.jobName}`}
      description={job.title}
      form={form}
      fields={{ schedule: '执行计划', enabled: '状态' }}
      onSubmit={async (values) => onDone({ tone: 'success', text: (await save.mutateAsync(values)).message })}
    >
      <TextField form={form} name="schedule" label="执行计划" hint="daily HH:MM（北京时间）或 every 分钟数" />
      <TextField
        form={form}
        name="enabled"
        label="状态"
        options={[
          { value: 'true', label: '启用' },
          { value: 'false', label: '停用' },
        ]}
      />
    </FormDialog>
  );
}

/**
 * /task/time: the scheduled jobs of the job runner (server/modules/jobs, ADR 0007) with their plan,
 * last and next run and outcome; administrators change the plan, stop a job or run it at once.
 */
export function JobListPage() {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const edit = useCallMutation(jobCalls.edit, { invalidates: [jobCalls.list] });
  const columns: readonly Column<JobRow>[] = [
    { key: 'jobName', header: '任务', cell: (row) => row.jobName, nowrap: true },
    { key: 'title', header: '说明', cell: (row) => row.title },
    { key: 'schedule', header: '执行计划', cell: (row) => row.schedule, nowrap: true },
    {
      key: 'status',
      header: '状态',
      cell: (row) => `${row.enabled ? '启用' : '停用'}，${statusLabels[row.status]}`,
      nowrap: true,
    },
    {
      key: 'lastRunAt',
      header: '上次执行',
      cell: (row) => (row.lastRunAt ? formatDateTime(row.lastRunAt) : '—'),
      nowrap: true,
    },
    { key: 'runCount', header: '执行次数', cell: (row) => row.runCount, nowrap: true },
    { key: 'lastMessage', header: '执行情况', cell: (row) => row.lastMessage ?? '—', wide: true },
    { key: 'nextRunAt', header: '下次执行', cell: (row) => formatDateTime(row.nextRunAt), nowrap: true },
  ];
  return (
    <>
      <ListPage
        title="定时任务与时限"
        caption="定时任务"
        description="系统定时任务的执行计划与最近一次执行情况。多个实例同时运行时，每个任务同一时间只在一个实例上执行。"
        call={jobCalls.list}
        filters={[{ name: 'jobName', label: '任务名称' }]}
        columns={columns}
        rowKey={(row) => row.jobName}
        feedback={feedback}
        rowActions={(row) => (
          <>
            <EditJob job={row} onDone={setFeedback} />
            <ConfirmAction
              label="立即执行"
              size="sm"
              title="立即执行"
              question={`确定立即执行“${row.jobName}”吗？`}
              ariaLabel={`立即执行 ${row.jobName}`}
              action={() =>
                edit.mutateAsync({
                  jobName: row.jobName,
                  schedule: row.schedule,
                  enabled: row.enabled,
                  runNow: true,
                })
              }
              onDone={setFeedback}
            />
          </>
        )}
      />
    </>
  );
}
