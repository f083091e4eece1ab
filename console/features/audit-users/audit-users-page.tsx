/**
 * /audituser/agentorg_audit_users, contract_audit_users, resultinfo_audit_users,
 * resultinfo_audit_users_offline and AcceptanceAndCertification: the administrator chooses who reviews
 * each kind (add several at once, delete one or the checked ones). With nobody chosen every holder of
 * the reviewing role reviews; with some, each new task goes to the chosen reviewer with the fewest open
 * tasks.
 */
import { useState } from 'react';
import { auditUserCalls, type AuditUserRow } from '@shared/calls/audit-users';
import { auditUserKind, type AuditUserKind } from '@shared/domain/agencies';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice } from '@shared/ui/page';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { ListPage } from '@console/kit/list-page';
import { useCall, useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import './audit-users.css';

const columns: readonly Column<AuditUserRow>[] = [
  { key: 'username', header: '姓名', cell: (row) => row.username, wide: true },
  { key: 'loginname', header: '账号', cell: (row) => row.loginname, nowrap: true },
  { key: 'depname', header: '部门', cell: (row) => row.depname ?? '' },
  { key: 'openTasks', header: '待办数', cell: (row) => String(row.openTasks) },
  { key: 'createdAt', header: '添加时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

// The accept kind has calls of its own (/auditAcceptUser), which take no kind. Written as unions, so
// that choosing between the two keeps both inputs (a conditional keeps only the wider call's).
type ReviewerList = typeof auditUserCalls.list | typeof auditUserCalls.acceptList;
type ReviewerSave = typeof auditUserCalls.batchSave | typeof auditUserCalls.acceptBatchSave;

function AuditUsersPage({ kind }: { kind: AuditUserKind }) {
  const accept = kind === 'accept';
  const label = auditUserKind.label(kind);
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const lists = { invalidates: [auditUserCalls.list, auditUserCalls.acceptList] };
  const candidates = useCall(auditUserCalls.candidates, { kind });
  const save = useCallMutation<ReviewerSave>(
    accept ? auditUserCalls.acceptBatchSave : auditUserCalls.batchSave,
    lists,
  );
  const remove = useCallMutation(accept ? auditUserCalls.acceptRemove : auditUserCalls.remove, lists);
  const removeMany = useCallMutation(
    accept ? auditUserCalls.acceptBatchDelete : auditUserCalls.batchDelete,
    lists,
  );

  const add = async () => {
    if (chosen.length === 0) {
      setFeedback({ tone: 'danger', text: '请选择审核人员' });
      return;
    }
    try {
      const userIds = chosen.join(',');
      const result = await save.mutateAsync(kind === 'accept' ? { userIds } : { kind, userIds });
      setChosen([]);
      setFeedback({ tone: 'success', text: result.message });
    } catch (error) {
      setFeedback({ tone: 'danger', text: error instanceof Error ? error.message : '保存失败' });
    }
  };

  return (
    <ListPage<ReviewerList, number>
      title={label}
      caption={`${label}列表`}
      description="未指定审核人员时，由具备审核角色的全部人员审核；指定后，新提交的事项分配给待办最少的指定人员。"
      intro={
        <Card>
          <fieldset className="audit-users__add">
            <legend>添加审核人员</legend>
            {candidates.error ? <Notice tone="danger">{candidates.error.message}</Notice> : null}
            <div className="audit-users__choices">
              {(candidates.data ?? []).map((user) => (
                <label key={user.pkid}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(String(user.pkid))}
                    onChange={(event) =>
                      setChosen((before) =>
                        event.target.checked
                          ? [...before, String(user.pkid)]
                          : before.filter((id) => id !== String(user.pkid)),
                      )
                    }
                  />
                  {user.username}（{user.loginname}）
                </label>
              ))}
            </div>
            <Button type="button" onClick={() => void add()} disabled={save.isPending}>
              添加所选人员
            </Button>
          </fieldset>
        </Card>
      }
      call={accept ? auditUserCalls.acceptList : auditUserCalls.list}
      fixedInput={kind === 'accept' ? {} : { kind }}
      columns={columns}
      rowKey={(row) => row.pkid}
      rowLabel={(row) => row.username}
      feedback={feedback}
      emptyText="尚未指定审核人员：由具备审核角色的全部人员审核"
      rowActions={(row) => (
        <ConfirmAction
          label="删除"
          variant="danger"
          size="sm"
          title="删除审核人员"
          question={`确定不再由${row.username}审核吗？`}
          action={() => remove.mutateAsync({ id: row.pkid })}
          onDone={setFeedback}
        />
      )}
      bulkActions={(rows, clear) => (
        <ConfirmAction
          label="批量删除"
          variant="danger"
          size="sm"
          title="批量删除审核人员"
          question={`确定删除所选的${rows.length}位审核人员吗？`}
          action={async () => {
            const result = await removeMany.mutateAsync({
              ids: rows.map((row) => row.pkid).join(','),
            });
            clear();
            return result;
          }}
          onDone={setFeedback}
        />
      )}
    />
  );
}

export const AgencyAuditUsersPage = () => <AuditUsersPage kind="agentorg" />;
export const ContractAuditUsersPage = () => <AuditUsersPage kind="contract" />;
export const ResultAuditUsersPage = () => <AuditUsersPage kind="resultinfo" />;
export const OfflineResultAuditUsersPage = () => <AuditUsersPage kind="resultinfo_offline" />;
export const AcceptAuditUsersPage = () => <AuditUsersPage kind="accept" />;
