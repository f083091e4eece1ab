/**
 * A kind's current criteria (smo, smd, con: on each kind's list page), and for the administrator the
 * edit that saves them as a new version (evaluations already given keep the criteria they were scored on).
 */
import { evaluationCalls, type Criteria } from '@shared/calls/evaluations';
import { CRITERIA_MAX, type ConfigurableKind } from '@shared/domain/evaluations';
import { roles } from '@shared/domain/roles';
import { formatDateTime } from '@shared/format';
import { Card } from '@shared/ui/page';
import { criteriaSaveSchema } from '@shared/validation/evaluations';
import { Button } from '@shared/ui/button';
import { FormDialog, TextField, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation } from '@console/kit/query';
import { useHasRole } from '@console/lib/current-user';

function CriteriaEditor({ criteria }: { criteria: Criteria }) {
  const save = useCallMutation(evaluationCalls.saveCriteria, { invalidates: [evaluationCalls.criteria] });
  const form = useContractForm(criteriaSaveSchema, {
    kind: criteria.kind,
    labels: criteria.labels.join('\n'),
  });
  return (
    <FormDialog
      trigger={<Button variant="secondary">修改评价指标</Button>}
      title="修改评价指标"
      description="保存后作为新版本用于此后的评价，已有评价保留原指标。"
      form={form}
      fields={{ labels: '评价指标' }}
      submitLabel="保存为新版本"
      onSubmit={async (values) => {
        await save.mutateAsync(values);
      }}
    >
      <TextField
        form={form}
        name="labels"
        label="评价指标"
        multiline
        hint={`每行一项，最多 ${CRITERIA_MAX} 项，每项不超过 20 个字`}
      />
    </FormDialog>
  );
}

export function CriteriaCard({ kind }: { kind: ConfigurableKind }) {
  const criteria = useCall(evaluationCalls.criteria, { kind });
  const admin = useHasRole(roles.admin.id);
  const current = criteria.data;
  if (!current) return null;
  return (
    <Card>
      <h2>评价指标（第 {current.version} 版）</h2>
      <p>
        {current.labels.join('、')}。每项 1 到 5 分。
        {current.createdAt
          ? `由 ${current.createdByName ?? '—'} 于 ${formatDateTime(current.createdAt)} 修改。`
          : '默认指标。'}
      </p>
      {/* Keyed by version: after a save the dialog starts from the new list. */}
      {admin ? <CriteriaEditor key={current.version} criteria={current} /> : null}
    </Card>
  );
}
