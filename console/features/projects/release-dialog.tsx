/**
 * The release of a draft demand, in a dialog, with the choice of how its agency is selected (issue 13):
 * direct choice, the verifiable draw or price comparison (with its quote deadline), among the methods
 * the configuration allows; left open, the owner chooses later on 中介选取. The choice goes with the
 * release call (projectCalls.release's optional method), so a draw's commitment is public with the
 * demand. Used on /notdchy/DemandRelease and /demandmanger releaseList and submitFile.
 */
import type { ReactNode } from 'react';
import { projectCalls } from '@shared/calls/projects';
import { selectionCalls } from '@shared/calls/selection';
import { selectionMethodLabels } from '@shared/domain/selection';
import { Button } from '@shared/ui/button';
import { demandReleaseSchema } from '@shared/validation/selection';
import { FormDialog, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation } from '@console/kit/query';
import { type ActionOutcome } from '@console/kit/confirm-action';
import { SelectionMethodFields } from '@console/components/selection/method-fields';

type ReleaseForm = ReturnType<typeof useReleaseForm>;

function useReleaseForm(demandId: number) {
  return useContractForm(demandReleaseSchema, { demandId, method: '', quoteDeadline: '' });
}

/** The method's fields; mounted only while the dialog is open, so a list asks for the methods once per dialog. */
function MethodFields({ form, demandId }: { form: ReleaseForm; demandId: number }) {
  const selection = useCall(selectionCalls.ownerSelection, { demandId });
  return (
    <SelectionMethodFields
      form={form}
      methods={selection.data?.allowedMethods ?? []}
      label="中介选取方式"
      blankHint="可不选择，发布后在“中介选取”中选择"
    />
  );
}

export function ReleaseDialog({
  demandId,
  subject,
  trigger,
  onDone,
}: {
  demandId: number;
  /** What is released, for the question (“项目名称”的阶段). */
  subject: string;
  trigger?: ReactNode;
  onDone: (outcome: ActionOutcome) => void;
}) {
  const form = useReleaseForm(demandId);
  const release = useCallMutation(projectCalls.release, {
    invalidates: [
      projectCalls.findProjectsRecord,
      projectCalls.listDemands,
      projectCalls.getDemand,
      projectCalls.query,
      selectionCalls.ownerList,
      selectionCalls.ownerSelection,
    ],
  });
  return (
    <FormDialog
      form={form}
      trigger={
        trigger ?? (
          <Button type="button" size="sm" aria-label={`发布 ${subject}`}>
            发布
          </Button>
        )
      }
      title="发布测绘需求"
      description={`确定发布${subject}的测绘需求吗？发布后将在办事大厅公开，并可同时确定中介选取方式。`}
      fields={{ method: '中介选取方式', quoteDeadline: '报价截止时间' }}
      submitLabel="确认发布"
      successMessage={null}
      onSubmit={async (values) => {
        const deadline = values.quoteDeadline;
        const answer = await release.mutateAsync({
          demandId,
          ...(values.method ? { method: values.method } : {}),
          ...(values.method === 'price' && deadline ? { quoteDeadline: deadline.toISOString() } : {}),
        });
        onDone({
          tone: 'success',
          text: values.method
            ? `${answer.message}，中介选取方式：${selectionMethodLabels[values.method]}`
            : answer.message,
        });
      }}
    >
      <MethodFields form={form} demandId={demandId} />
    </FormDialog>
  );
}
