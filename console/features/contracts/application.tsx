/**
 * One contract application (issue 14), shared by /usercenter/contractApply?contractId= (the agency
 * edits, checks, sends and submits the filing; the owner confirms with an SMS code or returns it) and
 * /contract/FilingbacklogFiling?contractId= (the auditor decides the filing). What the buttons offer
 * comes from the server (`actions`, the review's `allowed`); the calls check it again.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { callUrl } from '@shared/api/call';
import {
  contractFilingCalls,
  type ContractApplication,
  type ContractProblem,
} from '@shared/calls/contract-filing';
import { contractCalls } from '@shared/calls/contracts';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { toAppError } from '@shared/errors/app-error';
import { formatDate, formatDateTime, formatMoney } from '@shared/format';
import { Button, buttonClass } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import {
  contractConfirmSchema,
  contractRecordSchema,
  contractReturnSchema,
  contractUpdateSchema,
} from '@shared/validation/contract-filing';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { DetailSection } from '@console/kit/detail';
import { KitForm, TextField, useContractForm, type FormWith } from '@console/kit/form';
import { RecordPage } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation, useRecord } from '@console/kit/query';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { type Decision, verdictFields, transferFields } from '@console/components/review/decision-panel';
import { ReviewDecision } from '@console/components/review/review-decision';
import { useApi } from '@console/lib/api';
import { useHasRole } from '@console/lib/current-user';
import { roles } from '@shared/domain/roles';
import './contracts.css';

/** Every call whose answer an action here changes. */
export const filingTouched = [
  contractFilingCalls.queryApply,
  contractFilingCalls.auditInfo,
  contractFilingCalls.backlog,
  contractFilingCalls.queryDoneList,
  contractFilingCalls.toDo,
  contractFilingCalls.done,
  contractFilingCalls.draftable,
  contractCalls.query,
  contractCalls.queryOne,
];

/** A draft returned by the owner is still status 0; the pages call it 已退回. */
export function ApplicationStatus({ row }: { row: Pick<ContractApplication, 'status' | 'returnReason'> }) {
  if (row.status === contractStatus.code.draft && row.returnReason)
    return (
      <span data-slot="status-badge" className="kit-badge kit-badge--danger">
        已退回
      </span>
    );
  return <StatusBadge table={contractStatus} value={row.status} />;
}

export function ApplicationPage({ contractId, backTo }: { contractId: number; backTo: string }) {
  const application = useRecord(contractFilingCalls.queryApply, { contractId });
  return (
    <RecordPage record={application} title="合同申请" back={{ to: backTo, label: '返回列表' }}>
      {(data) => <ApplicationView contract={data} backTo={backTo} />}
    </RecordPage>
  );
}

function ApplicationView({ contract, backTo }: { contract: ContractApplication; backTo: string }) {
  const api = useApi();
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const pdfHref = callUrl(api, contractCalls.document, { contractId: contract.contractId });
  const records = useCall(contractFilingCalls.auditInfo, { contractId: contract.contractId });
  const can = (action: ContractApplication['actions'][number]) => contract.actions.includes(action);
  const submits = useHasRole(roles.agency.id, roles.staff.id);
  return (
    <>
      <PageHeader
        title={contract.contractName}
        description={
          <span className="ct-status-line">
            {contract.contractNo} <ApplicationStatus row={contract} /> 备案：
            <StatusBadge table={auditStatus} value={contract.auditStatus} />
          </span>
        }
        actions={
          <a className={buttonClass()} href={pdfHref} download={`${contract.contractNo}.pdf`}>
            下载合同文本（PDF）
          </a>
        }
      />
      {outcome ? <Notice tone={outcome.tone === 'danger' ? 'danger' : 'info'}>{outcome.text}</Notice> : null}
      {contract.returnReason && contract.status === contractStatus.code.draft ? (
        <Notice tone="danger">
          建设单位已退回修改（{contract.returnedAt ? formatDateTime(contract.returnedAt) : ''}）：
          {contract.returnReason}
        </Notice>
      ) : null}
      {contract.auditStatus === auditStatus.code.rejected &&
      contract.status === contractStatus.code.confirmed ? (
        <Notice tone="danger">
          备案审核不通过，请查看审核意见；可直接重新提交，或修改后重新经建设单位确认。
        </Notice>
      ) : null}
      {contract.status === contractStatus.code.filed ? (
        // The next step after filing (issue 22): the agency uploads and submits the survey results.
        <Notice>
          合同已备案。
          {submits ? (
            <Link to={`/workflow/caseadd?projectId=${contract.projectId}`}>上传并提交测绘成果</Link>
          ) : (
            <Link to="/workflow/progressQuery">查看测绘成果进度</Link>
          )}
        </Notice>
      ) : null}
      <DetailSection
        title="合同信息"
        items={[
          { label: '合同编号', value: contract.contractNo },
          { label: '委托方（甲方）', value: contract.ownerName },
          { label: '受托方（乙方）', value: contract.orgName },
          { label: '项目名称', value: contract.projectName },
          { label: '项目编号', value: contract.projectNo },
          { label: '审批阶段', value: contract.stageName ?? '' },
          { label: '测绘事项', value: contract.items.join('、'), wide: true },
          {
            label: '合同金额',
            value: contract.amount ? (
              <span className="ct-money">{formatMoney(contract.amount)}</span>
            ) : (
              '未填写'
            ),
          },
          { label: '金额大写', value: contract.amountInWords ?? '' },
          {
            label: '测绘工期',
            value:
              contract.startOn || contract.endOn
                ? `${contract.startOn ? formatDate(contract.startOn) : '未填写'} 至 ${contract.endOn ? formatDate(contract.endOn) : '未填写'}`
                : '未填写',
          },
          { label: '付款方式', value: contract.paymentTerms ?? '未填写', wide: true },
          { label: '签订日期', value: contract.signedOn ? formatDate(contract.signedOn) : '未签订' },
          { label: '备案编号', value: contract.filingNo ?? '尚未备案' },
          {
            label: '合同模板',
            value: contract.template
              ? `${contract.template.title}（第 ${contract.template.version} 版）`
              : '无',
          },
        ]}
      />
      <DetailSection
        title="双方确认"
        items={[
          {
            label: '甲方（建设单位）确认',
            value: contract.ownerConfirmation
              ? `${contract.ownerConfirmation.name ?? ''} 于 ${formatDateTime(contract.ownerConfirmation.at)} 以短信验证码确认`
              : '尚未确认',
            wide: true,
          },
          {
            label: '乙方（中介机构）确认',
            value: contract.agencyConfirmation
              ? `${contract.agencyConfirmation.name ?? ''} 于 ${formatDateTime(contract.agencyConfirmation.at)} 以短信验证码确认`
              : '尚未确认',
            wide: true,
          },
        ]}
      />
      {can('edit') ? <EditForm contract={contract} onDone={setOutcome} /> : null}
      {can('edit') || can('send') ? (
        <CheckPanel contract={contract} onDone={setOutcome} backTo={backTo} />
      ) : null}
      {can('confirm') ? <OwnerPanel contract={contract} onDone={setOutcome} /> : null}
      {can('record') ? <RecordPanel contract={contract} onDone={setOutcome} /> : null}
      {contract.review ? (
        <Card>
          <AuditTimeline records={records.data ?? []} title="备案审核记录" />
        </Card>
      ) : null}
      <FilingDecision contract={contract} onDone={setOutcome} />
    </>
  );
}

function EditForm({
  contract,
  onDone,
}: {
  contract: ContractApplication;
  onDone: (o: ActionOutcome) => void;
}) {
  const save = useCallMutation(contractFilingCalls.update, { invalidates: filingTouched });
  const form = useContractForm(contractUpdateSchema, {
    contractId: contract.contractId,
    contractName: contract.contractName,
    amount: contract.amount ?? '',
    startOn: contract.startOn ?? '',
    endOn: contract.endOn ?? '',
    paymentTerms: contract.paymentTerms ?? '',
  });
  return (
    <Card>
      <h2 className="kit-detail__title">修改合同</h2>
      {contract.status !== contractStatus.code.draft ? (
        <p>备案未通过的合同修改后须重新提交建设单位确认。</p>
      ) : null}
      <KitForm
        form={form}
        fields={contractFieldLabels}
        submitLabel="保存"
        onSubmit={async (values) =>
          onDone({ tone: 'success', text: (await save.mutateAsync(values)).message })
        }
      >
        <ContractFields form={form} />
      </KitForm>
    </Card>
  );
}

/** The fields the agency enters, in order (the new-draft form and the edit form). */
export const contractFieldLabels = {
  contractName: '合同名称',
  amount: '合同金额（元）',
  startOn: '测绘开始日期',
  endOn: '测绘结束日期',
  paymentTerms: '付款方式',
};

export function ContractFields({ form }: { form: FormWith<keyof typeof contractFieldLabels> }) {
  const label = contractFieldLabels;
  return (
    <>
      <TextField form={form} name="contractName" label={label.contractName} />
      <TextField form={form} name="amount" label={label.amount} hint="最多两位小数，不超过 1 亿元" />
      <TextField form={form} name="startOn" label={label.startOn} type="date" />
      <TextField form={form} name="endOn" label={label.endOn} type="date" />
      <TextField form={form} name="paymentTerms" label={label.paymentTerms} multiline />
    </>
  );
}

function CheckPanel({
  contract,
  onDone,
  backTo,
}: {
  contract: ContractApplication;
  onDone: (o: ActionOutcome) => void;
  backTo: string;
}) {
  const navigate = useNavigate();
  const [problems, setProblems] = useState<ContractProblem[] | null>(null);
  const check = useCallMutation(contractFilingCalls.check);
  const send = useCallMutation(contractFilingCalls.send, { invalidates: filingTouched });
  const remove = useCallMutation(contractFilingCalls.remove, { invalidates: filingTouched });
  const runCheck = async () => {
    try {
      setProblems((await check.mutateAsync({ contractId: contract.contractId })).data.problems);
    } catch (error) {
      onDone({ tone: 'danger', text: toAppError(error).message });
    }
  };
  return (
    <Card>
      <h2 className="kit-detail__title">检查并提交</h2>
      <p>提交建设单位确认前请先检查合同，所有问题改正后才能提交。</p>
      <div className="ct-actions">
        <Button variant="secondary" onClick={() => void runCheck()} disabled={check.isPending}>
          检查合同
        </Button>
        {contract.actions.includes('send') ? (
          <ConfirmAction
            label="提交建设单位确认"
            title="提交建设单位确认"
            question="提交后由建设单位确认，确认前不能修改。确定提交吗？"
            action={() => send.mutateAsync({ contractId: contract.contractId })}
            onDone={onDone}
          />
        ) : null}
        {contract.actions.includes('delete') ? (
          <ConfirmAction
            label="删除草稿"
            variant="danger"
            title="删除合同草稿"
            question="删除后不能恢复，可以重新从委托起草。确定删除吗？"
            action={async () => {
              const result = await remove.mutateAsync({ id: contract.contractId });
              void navigate(backTo);
              return result;
            }}
            onDone={onDone}
          />
        ) : null}
      </div>
      {problems ? (
        problems.length === 0 ? (
          <Notice>检查通过，没有发现问题。</Notice>
        ) : (
          <div role="alert" className="ct-problems">
            <p>发现 {problems.length} 个问题：</p>
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.field}-${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          </div>
        )
      ) : null}
    </Card>
  );
}

/** Gets an SMS code sent to the signed-in user's phone. */
function SendCodeButton({ contractId, onDone }: { contractId: number; onDone: (o: ActionOutcome) => void }) {
  const sendCode = useCallMutation(contractFilingCalls.sendCode);
  return (
    <Button
      variant="secondary"
      disabled={sendCode.isPending}
      onClick={() =>
        void sendCode
          .mutateAsync({ contractId })
          .then((result) =>
            // The answer's message adds, in demo mode, where the code can be read (短信发件箱).
            onDone({
              tone: 'success',
              text: `验证码已发送至 ${result.data.phone}${result.message.replace(/^验证码已发送/, '')}`,
            }),
          )
          .catch((error: unknown) => onDone({ tone: 'danger', text: toAppError(error).message }))
      }
    >
      获取验证码
    </Button>
  );
}

function OwnerPanel({
  contract,
  onDone,
}: {
  contract: ContractApplication;
  onDone: (o: ActionOutcome) => void;
}) {
  const confirm = useCallMutation(contractFilingCalls.confirm, { invalidates: filingTouched });
  const giveBack = useCallMutation(contractFilingCalls.returnBack, { invalidates: filingTouched });
  const confirmForm = useContractForm(contractConfirmSchema, {
    contractId: contract.contractId,
    smsCode: '',
  });
  const returnForm = useContractForm(contractReturnSchema, { contractId: contract.contractId, reason: '' });
  return (
    <div className="ct-owner-panels">
      <Card>
        <h2 className="kit-detail__title">确认合同</h2>
        <p>请核对合同内容，获取手机验证码后确认。确认即视为甲方签订本合同。</p>
        <KitForm
          form={confirmForm}
          fields={{ smsCode: '手机验证码' }}
          submitLabel="确认合同"
          guardLeaving={false}
          secondary={<SendCodeButton contractId={contract.contractId} onDone={onDone} />}
          onSubmit={async (values) =>
            onDone({ tone: 'success', text: (await confirm.mutateAsync(values)).message })
          }
        >
          <TextField form={confirmForm} name="smsCode" label="手机验证码" />
        </KitForm>
      </Card>
      <Card>
        <h2 className="kit-detail__title">退回修改</h2>
        <KitForm
          form={returnForm}
          fields={{ reason: '退回原因' }}
          submitLabel="退回修改"
          guardLeaving={false}
          onSubmit={async (values) =>
            onDone({ tone: 'success', text: (await giveBack.mutateAsync(values)).message })
          }
        >
          <TextField form={returnForm} name="reason" label="退回原因" multiline />
        </KitForm>
      </Card>
    </div>
  );
}

function RecordPanel({
  contract,
  onDone,
}: {
  contract: ContractApplication;
  onDone: (o: ActionOutcome) => void;
}) {
  const record = useCallMutation(contractFilingCalls.addRecord, { invalidates: filingTouched });
  const form = useContractForm(contractRecordSchema, { contractId: contract.contractId, smsCode: '' });
  const again = contract.auditStatus === auditStatus.code.rejected;
  return (
    <Card>
      <h2 className="kit-detail__title">{again ? '重新提交备案' : '提交备案'}</h2>
      <p>
        {contract.agencyNeedsCode
          ? '建设单位已确认合同。请获取手机验证码，确认合同内容后提交备案审核。'
          : '本机构已确认过合同内容，可直接重新提交备案审核。'}
      </p>
      <KitForm
        form={form}
        fields={{ smsCode: '手机验证码' }}
        submitLabel={again ? '重新提交备案' : '提交备案'}
        guardLeaving={false}
        secondary={
          contract.agencyNeedsCode ? (
            <SendCodeButton contractId={contract.contractId} onDone={onDone} />
          ) : undefined
        }
        onSubmit={async (values) =>
          onDone({ tone: 'success', text: (await record.mutateAsync(values)).message })
        }
      >
        {contract.agencyNeedsCode ? <TextField form={form} name="smsCode" label="手机验证码" /> : null}
      </KitForm>
    </Card>
  );
}

function FilingDecision({
  contract,
  onDone,
}: {
  contract: ContractApplication;
  onDone: (o: ActionOutcome) => void;
}) {
  const approve = useCallMutation(contractFilingCalls.approve, { invalidates: filingTouched });
  const transfer = useCallMutation(contractFilingCalls.transfer, { invalidates: filingTouched });
  const decide = (decision: Decision) =>
    decision.decision === 'transfer'
      ? transfer.mutateAsync({
          contractId: contract.contractId,
          ...transferFields(decision),
        })
      : approve.mutateAsync({
          contractId: contract.contractId,
          ...verdictFields(decision),
        });
  return (
    <ReviewDecision
      review={contract.review}
      onDecide={async (decision) => onDone({ tone: 'success', text: (await decide(decision)).message })}
    />
  );
}
