/**
 * The pages of /credit, /blacklist and /personnelblacklist: lists are a configured CreditEntryList;
 * the page forms (blacklistNotAdd, personnelStaffadd) and the person entry's detail (blackListDetail)
 * are built from the same kit pieces.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { callUrl } from '@shared/api/call';
import { creditCalls } from '@shared/calls/credit';
import { staffCalls } from '@shared/calls/staff';
import { creditEntryKindLabels, creditEntryStatusLabels } from '@shared/domain/credit';
import { auditStatus, type AuditStatus } from '@shared/domain/statuses';
import { formatDateTime } from '@shared/format';
import { buttonClass } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { orgCreditAddSchema, personBlacklistAddSchema } from '@shared/validation/credit';
import { DataTable } from '@console/kit/data-table';
import { DetailSection } from '@console/kit/detail';
import { KitForm, useContractForm } from '@console/kit/form';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation } from '@console/kit/query';
import { useApi } from '@console/lib/api';
import {
  CreditEntryList,
  emptyPeriod,
  EvidenceFields,
  OrgEntryFields,
  orgEntryLabels,
  PersonEntryFields,
  personEntryLabels,
  useEvidence,
} from './credit-entry-list';
import './credit.css';

/** /credit/lose: lost-credit agencies; the authority adds and ends entries. */
export function LosePage() {
  return (
    <CreditEntryList
      title="失信机构"
      description="被认定为失信的测绘中介机构。生效期间不能被选为新项目的测绘机构，名录中显示失信标记；到结束日期后自动失效。"
      call={creditCalls.queryLose}
      add="lostCredit"
      canEnd
    />
  );
}

/** /credit/loseNot: unqualified agencies in force, then their history. */
export function LoseNotPage() {
  return (
    <>
      <CreditEntryList
        title="不合格机构"
        description="生效中的不合格认定及其违规项目。到结束日期后自动转入历史记录。"
        call={creditCalls.queryUnqualified}
        add="unqualified"
        canEnd
        withProjects
      />
      {/* A second list on the page: its own URL keys (history.page, history.orgName, …). */}
      <div className="credit-second-list">
        <CreditEntryList
          title="不合格机构历史记录"
          description="已到期或已撤销的不合格认定。"
          call={creditCalls.queryHistoryUnqualified}
          withProjects
          urlPrefix="history"
        />
      </div>
    </>
  );
}

/** /blacklist/blacklistManagement: the organization blacklist, maintained by the authority. */
export function BlacklistManagementPage() {
  return (
    <CreditEntryList
      title="黑名单管理"
      description="列入黑名单的测绘中介机构：生效期间不能被选为新项目的测绘机构，名录中显示黑名单标记。"
      call={creditCalls.queryBlacklist}
      add="blacklist"
      canEnd
    />
  );
}

/** /blacklist/blacklistNot: every signed-in role may look the blacklist up (read only). */
export function BlacklistQueryPage() {
  return (
    <CreditEntryList
      title="黑名单查询"
      description="查询测绘中介机构黑名单，选择测绘机构前请先核实。"
      call={creditCalls.queryBlacklist}
    />
  );
}

/** /personnelblacklist/personnelblacklist: the person blacklist (by ID card number). */
export function PersonnelBlacklistPage() {
  return (
    <CreditEntryList
      title="人员黑名单"
      description="列入黑名单的从业人员，按身份证号码在所有机构有效。"
      call={creditCalls.queryPersonBlacklist}
      addLink={{ to: '/personnelblacklist/personnelStaffadd', label: '人员加入黑名单' }}
      canEnd
      person
      detailLinks
    />
  );
}

/** /blacklist/blacklistNotList: every organization blacklist entry, in force and past, read only. */
export function BlacklistNotListPage() {
  return (
    <CreditEntryList
      title="黑名单列表"
      description="机构黑名单的全部记录（生效、已到期、已撤销），可按状态筛选。"
      call={creditCalls.queryBlacklist}
      addLink={{ to: '/blacklist/blacklistNotAdd', label: '加入黑名单' }}
    />
  );
}

/** /blacklist/blacklistNotAdd: the organization blacklist form as a page. */
export function BlacklistNotAddPage() {
  const navigate = useNavigate();
  const form = useContractForm(orgCreditAddSchema, { organizationId: '', ...emptyPeriod });
  const evidence = useEvidence();
  const add = useCallMutation(creditCalls.updateBlacklistAog, { invalidates: [creditCalls.queryBlacklist] });
  return (
    <>
      <PageHeader
        title="加入黑名单"
        description="列入黑名单的机构在生效期间不能被选为新项目的测绘机构，中介机构名录中显示黑名单标记；决定写入机构的审核记录并通知该机构。"
      />
      <Card>
        <KitForm
          form={form}
          fields={orgEntryLabels}
          onSubmit={async (values) => {
            await add.mutateAsync({ ...values, ...evidence.input });
            await navigate('/blacklist/blacklistNotList');
          }}
          secondary={
            <Link to="/blacklist/blacklistNotList" className={buttonClass({ variant: 'secondary' })}>
              返回列表
            </Link>
          }
        >
          <OrgEntryFields form={form} onlyGood />
          <EvidenceFields evidence={evidence} />
        </KitForm>
      </Card>
    </>
  );
}

/**
 * /personnelblacklist/personnelStaffadd: a person joins the blacklist. From a staff member's page
 * (?staffId=) the name and ID card number are filled in.
 */
export function PersonnelStaffaddPage() {
  const [search] = useSearchParams();
  const staffId = Number(search.get('staffId') ?? 0);
  const staff = useCall(staffCalls.queryOne, { id: staffId }, { enabled: staffId > 0 });
  if (staffId > 0 && !staff.data && !staff.error) return <Notice>加载中……</Notice>;
  return (
    <PersonEntryForm
      key={staff.data?.staffId ?? 0}
      personName={staff.data?.name ?? ''}
      idCardNo={staff.data?.idCardNo ?? ''}
    />
  );
}

function PersonEntryForm({ personName, idCardNo }: { personName: string; idCardNo: string }) {
  const navigate = useNavigate();
  const form = useContractForm(personBlacklistAddSchema, { personName, idCardNo, ...emptyPeriod });
  const evidence = useEvidence();
  const add = useCallMutation(creditCalls.addBlacklist, { invalidates: [creditCalls.queryPersonBlacklist] });
  return (
    <>
      <PageHeader
        title="人员加入黑名单"
        description="按身份证号码登记，在所有机构有效：黑名单中的人员不能被任何机构添加为从业人员，已在职的人员显示黑名单标记。"
      />
      <Card>
        <KitForm
          form={form}
          fields={personEntryLabels}
          onSubmit={async (values) => {
            const saved = await add.mutateAsync({ ...values, ...evidence.input });
            await navigate(`/personnelblacklist/blackListDetail?id=${saved.data.pkid}`);
          }}
          secondary={
            <Link
              to="/personnelblacklist/personnelblacklist"
              className={buttonClass({ variant: 'secondary' })}
            >
              返回列表
            </Link>
          }
        >
          <PersonEntryFields form={form} />
          <EvidenceFields evidence={evidence} />
        </KitForm>
      </Card>
    </>
  );
}

/** /personnelblacklist/blackListDetail?id=: one person blacklist entry and the person's staff records. */
export function BlackListDetailPage() {
  const api = useApi();
  const detail = useRecordFromUrl(creditCalls.blacklistDetail, 'id', (id) => ({ id }));
  return (
    <RecordPage record={detail} missing="请从人员黑名单中选择记录">
      {({ entry, staff }) => (
        <>
          <PageHeader
            title={`人员黑名单：${entry.personName ?? ''}`}
            actions={
              <Link
                to="/personnelblacklist/personnelblacklist"
                className={buttonClass({ variant: 'secondary' })}
              >
                返回列表
              </Link>
            }
          />
          <DetailSection
            title="黑名单记录"
            items={[
              { label: '姓名', value: entry.personName ?? '—' },
              { label: '身份证号码', value: entry.idCardNo ?? '—' },
              { label: '类别', value: creditEntryKindLabels[entry.kind] },
              { label: '原因', value: entry.reason },
              { label: '期限', value: `${entry.startDate} 至 ${entry.endDate ?? '长期'}` },
              { label: '状态', value: creditEntryStatusLabels[entry.status] },
              { label: '认定人', value: entry.decidedByName ?? '—' },
              { label: '认定时间', value: formatDateTime(entry.decidedAt) },
              ...(entry.endedAt
                ? [
                    { label: '撤销人', value: entry.endedByName ?? '—' },
                    { label: '撤销时间', value: formatDateTime(entry.endedAt) },
                    { label: '撤销原因', value: entry.endReason ?? '—' },
                  ]
                : []),
              {
                label: '证据材料',
                value:
                  entry.evidence.length === 0 ? (
                    '—'
                  ) : (
                    <ul className="credit-evidence">
                      {entry.evidence.map((file) => (
                        <li key={file.fileId}>
                          <a
                            href={callUrl(api, creditCalls.evidence, { id: file.fileId })}
                            target="_blank"
                            rel="noreferrer"
                          >
                            {file.fileName}
                          </a>
                        </li>
                      ))}
                    </ul>
                  ),
              },
            ]}
          />
          <Card>
            <h2 className="kit-detail__title">该人员在各机构的从业记录</h2>
            {staff.length === 0 ? (
              <Notice>该人员不是任何机构登记的从业人员。</Notice>
            ) : (
              <DataTable
                caption="该人员在各机构的从业记录"
                rows={staff}
                rowKey={(row) => row.staffId}
                columns={[
                  {
                    key: 'name',
                    header: '姓名',
                    cell: (row) => <Link to={`/orgstaff/staffdetail?id=${row.staffId}`}>{row.name}</Link>,
                    nowrap: true,
                  },
                  { key: 'orgName', header: '所属机构', cell: (row) => row.orgName, wide: true },
                  {
                    key: 'auditStatus',
                    header: '审核状态',
                    cell: (row) => <StatusBadge table={auditStatus} value={row.auditStatus as AuditStatus} />,
                  },
                  {
                    key: 'deletedAt',
                    header: '删除时间',
                    cell: (row) => (row.deletedAt ? formatDateTime(row.deletedAt) : '—'),
                    nowrap: true,
                  },
                ]}
              />
            )}
          </Card>
        </>
      )}
    </RecordPage>
  );
}
