/**
 * /contract/contractDetails and /contract/ContractListDetail (?contractId=): one contract with its
 * parties, items, amount (also in capitals), filing, the template version it was drafted from, the
 * PDF to download and, for a government purchase, its procurement documents (and an upload for the
 * parties and overseers).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { callUrl } from '@shared/api/call';
import { contractCalls, type ContractDetail } from '@shared/calls/contracts';
import { govAttachmentKind } from '@shared/domain/contracts';
import { pageRoles } from '@shared/domain/routes';
import { auditStatus, contractStatus } from '@shared/domain/statuses';
import { toAppError } from '@shared/errors/app-error';
import { formatDate, formatDateTime, formatMoney } from '@shared/format';
import { buttonClass, Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { documentExtensions } from '@shared/validation/upload';
import { Attachments, DetailSection } from '@console/kit/detail';
import { callKey } from '@console/kit/query';
import { FileField } from '@console/kit/file-field';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { uploadWithProgress } from '@console/kit/upload';
import { useApi } from '@console/lib/api';
import { ContractChangeHistory } from './change-pages';
import { useMayCall } from '@console/lib/current-user';
import './contracts.css';

/** Where the page leads back to after a refusal. */
const contractList = { to: '/contract/ContractList', label: '返回合同列表' };

export function ContractDetailPage() {
  const contract = useRecordFromUrl(contractCalls.queryOne, ['contractId', 'id'], (contractId) => ({
    contractId,
  }));
  return (
    <RecordPage record={contract} title="合同详情" missing="请从合同列表中选择合同" back={contractList}>
      {(data) => <ContractView contract={data} />}
    </RecordPage>
  );
}

function ContractView({ contract }: { contract: ContractDetail }) {
  const api = useApi();
  const pdfHref = callUrl(api, contractCalls.document, { contractId: contract.contractId });
  const mayFlow = useMayCall(pageRoles('contract', 'ContractListFlowOne'));
  return (
    <>
      <PageHeader
        title={contract.contractName}
        description={
          <span className="ct-status-line">
            {contract.contractNo} <StatusBadge table={contractStatus} value={contract.status} /> 备案：
            <StatusBadge table={auditStatus} value={contract.auditStatus} />
          </span>
        }
        actions={
          <>
            <a className={buttonClass()} href={pdfHref} download={`${contract.contractNo}.pdf`}>
              下载合同文本（PDF）
            </a>
            {mayFlow ? (
              <Link to={`/contract/ContractListFlowOne?contractId=${contract.contractId}`}>查看流转记录</Link>
            ) : null}
          </>
        }
      />
      <DetailSection
        title="合同信息"
        items={[
          { label: '合同编号', value: contract.contractNo },
          { label: '合同名称', value: contract.contractName },
          { label: '委托方（甲方）', value: contract.ownerName },
          { label: '受托方（乙方）', value: contract.orgName },
          { label: '项目名称', value: contract.projectName },
          { label: '项目编号', value: contract.projectNo },
          { label: '所在区县', value: contract.districtName ?? '' },
          { label: '审批阶段', value: contract.stageName ?? '' },
          { label: '测绘事项', value: contract.items.join('、'), wide: true },
          { label: '合同金额', value: <span className="ct-money">{formatMoney(contract.amount)}</span> },
          { label: '金额大写', value: contract.amountInWords ?? '' },
          { label: '签订日期', value: contract.signedOn ? formatDate(contract.signedOn) : '未签订' },
          { label: '备案编号', value: contract.filingNo ?? '尚未备案' },
          { label: '备案时间', value: contract.filedAt ? formatDateTime(contract.filedAt) : '尚未备案' },
          {
            label: '合同模板',
            value: contract.template
              ? `${contract.template.title}（第 ${contract.template.version} 版）`
              : '无',
          },
          { label: '政府采购', value: contract.isGovPurchase ? '是' : '否' },
          {
            label: '履行期限',
            value:
              contract.startOn || contract.endOn
                ? `${contract.startOn ? formatDate(contract.startOn) : '—'} 至 ${contract.endOn ? formatDate(contract.endOn) : '—'}`
                : '未填写',
          },
          { label: '付款方式', value: contract.paymentTerms ?? '未填写', wide: true },
        ]}
      />
      {contract.isGovPurchase ? <GovDocuments contract={contract} /> : null}
      <ContractChangeHistory contract={contract} />
    </>
  );
}

function GovDocuments({ contract }: { contract: ContractDetail }) {
  const api = useApi();
  const queries = useQueryClient();
  const [kind, setKind] = useState<number>(govAttachmentKind.code.procurement);
  const [file, setFile] = useState<File | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const files = contract.govAttachments.map((attachment) => ({
    fileId: attachment.fileId,
    fileName: `${govAttachmentKind.label(attachment.kind)}：${attachment.fileName}`,
    size: attachment.size,
  }));
  const upload = async () => {
    if (!file) return setMessage({ tone: 'danger', text: '请选择要上传的文件' });
    setBusy(true);
    try {
      await uploadWithProgress(
        api,
        contractCalls.saveGovAttachments,
        { contractId: contract.contractId, kind, file },
        documentExtensions,
      );
      setMessage({ tone: 'success', text: '材料已上传' });
      setFile(null);
      await queries.invalidateQueries({ queryKey: callKey(contractCalls.queryOne) });
    } catch (error) {
      setMessage({ tone: 'danger', text: toAppError(error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card id="gov" className="ct-gov">
      <Attachments
        title="政府采购材料"
        files={files}
        href={(item) => callUrl(api, contractCalls.govFile, { id: item.fileId })}
      />
      {contract.canEditGov ? (
        <div className="ct-upload">
          <label className="ui-field">
            <span className="ui-field__label">材料类型</span>
            <select
              className="ui-input"
              value={kind}
              onChange={(event) => setKind(Number(event.target.value))}
            >
              {govAttachmentKind.entries.map((entry) => (
                <option key={entry.value} value={entry.value}>
                  {entry.label}
                </option>
              ))}
            </select>
          </label>
          <FileField id="ct-gov-file" label="选择文件" allowed={documentExtensions} onFile={setFile} />
          <Button onClick={() => void upload()} disabled={busy}>
            上传材料
          </Button>
          {message ? (
            <Notice tone={message.tone === 'danger' ? 'danger' : 'info'}>{message.text}</Notice>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
