/**
 * A person's login account on its detail page: the agency opens one (staff role, tied to the agency)
 * for an approved person, with a password it chooses or one generated and shown once, resets a forgotten
 * password (a new one, shown once) and can disable it. Deleting the person disables it on the server.
 */
import { useState } from 'react';
import { staffCalls, staffFileCalls, type StaffDetail } from '@shared/calls/staff';
import { auditStatus, userState } from '@shared/domain/statuses';
import { Card, Notice } from '@shared/ui/page';
import { staffAccountSchema } from '@shared/validation/staff';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { DetailSection } from '@console/kit/detail';
import { KitForm, TextField, useContractForm } from '@console/kit/form';
import { StatusBadge } from '@console/kit/status-badge';
import { useCallMutation } from '@console/kit/query';

export function StaffAccountCard({ staff, agency }: { staff: StaffDetail; agency: boolean }) {
  const [created, setCreated] = useState<{ loginname: string; password: string | null } | null>(null);
  const [newPassword, setNewPassword] = useState<{ loginname: string; password: string } | null>(null);
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const create = useCallMutation(staffFileCalls.createAccount, { invalidates: [staffCalls.queryOne] });
  const disable = useCallMutation(staffFileCalls.disableAccount, { invalidates: [staffCalls.queryOne] });
  const reset = useCallMutation(staffFileCalls.resetAccountPassword, { invalidates: [staffCalls.queryOne] });
  const form = useContractForm(staffAccountSchema, { id: staff.staffId, loginname: '', password: '' });
  const account = staff.account;
  const canOpen = agency && !account && !staff.deletedAt && staff.auditStatus === auditStatus.code.approved;
  return (
    <Card>
      <DetailSection
        title="登录账号"
        items={
          account
            ? [
                { label: '登录名', value: account.loginname },
                { label: '角色', value: '中介从业人员' },
                { label: '账号状态', value: <StatusBadge table={userState} value={account.userstate} /> },
              ]
            : []
        }
      >
        {created ? (
          <Notice>
            账号 {created.loginname} 已开通。
            {created.password ? (
              <>
                初始密码：<span className="staff-account__password">{created.password}</span>
                （只显示这一次，请转告本人并提醒登录后修改）
              </>
            ) : (
              '请把您设置的密码转告本人。'
            )}
          </Notice>
        ) : null}
        {newPassword ? (
          <Notice>
            账号 {newPassword.loginname} 的新密码：
            <span className="staff-account__password">{newPassword.password}</span>
            （只显示这一次，请转告本人并提醒登录后修改）
          </Notice>
        ) : null}
        {feedback ? (
          <Notice {...(feedback.tone === 'danger' ? { tone: 'danger' as const } : {})}>
            {feedback.text}
          </Notice>
        ) : null}
        {!account && !canOpen ? <p>未开通登录账号{agency ? '（人员审核通过后可开通）' : ''}。</p> : null}
        {canOpen ? (
          <KitForm
            form={form}
            fields={{ loginname: '登录名', password: '初始密码' }}
            submitLabel="开通登录账号"
            successMessage={null}
            onSubmit={async (values) => {
              const result = await create.mutateAsync(values);
              setCreated({ loginname: result.data.loginname, password: result.data.initialPassword });
            }}
          >
            <TextField form={form} name="loginname" label="登录名" hint="字母、数字等，不能是汉字" />
            <TextField
              form={form}
              name="password"
              label="初始密码"

              hint="大写、小写字母和数字的组合且不少于8位；留空由系统生成"
            />
          </KitForm>
        ) : null}
        {agency && account && account.userstate === userState.code.active && !staff.deletedAt ? (
          <div className="staff-account__actions">
            <ConfirmAction
              label="重置密码"
              title="重置登录密码"
              question={`确定重置账号“${account.loginname}”的密码吗？系统生成新密码，原密码和已有登录随即失效。`}
              action={async () => {
                const result = await reset.mutateAsync({ id: staff.staffId });
                setCreated(null);
                setNewPassword({ loginname: result.data.loginname, password: result.data.initialPassword });
                return result;
              }}
              onDone={setFeedback}
            />
            <ConfirmAction
              label="停用账号"
              variant="danger"
              title="停用登录账号"
              question={`确定停用账号“${account.loginname}”吗？停用后该人员不能再登录。`}
              action={() => disable.mutateAsync({ id: staff.staffId })}
              onDone={setFeedback}
            />
          </div>
        ) : null}
      </DetailSection>
    </Card>
  );
}
