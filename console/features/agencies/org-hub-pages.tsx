/**
 * Pages that look at agencies from the side: /intermediary/orgpassrate (the approved share of decided
 * applications, per registration organ and per organization), /intermediary/contactManageDetail (whom
 * to call at an agency, ?id= organization or ?userId= account) and /intermediary/OrgListConnect (each
 * approved agency with the pages connected to it: contact, staff, pass rate, dishonest check).
 */
import { useMayCall } from '@console/lib/current-user';
import { Link, useSearchParams } from 'react-router';
import { agencyCalls, type AgencyRecord, type PassRateRow } from '@shared/calls/agencies';
import { hallCalls, type AgencySummary } from '@shared/calls/hall';
import { staffCalls } from '@shared/calls/staff';
import { auditStatus, creditFlag } from '@shared/domain/statuses';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { DataTable, type Column } from '@console/kit/data-table';
import { DetailSection } from '@console/kit/detail';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useUrlId } from '@console/kit/record-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useRecord } from '@console/kit/query';
import './agencies.css';

/** Where the page leads back to after a refusal. */
const contactsList = { to: '/intermediary/OrgListConnect', label: '返回机构关联' };

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

const countColumns: Column<PassRateRow>[] = [
  { key: 'decided', header: '审核次数', cell: (row) => row.decided },
  { key: 'approved', header: '通过', cell: (row) => row.approved },
  { key: 'rejected', header: '不通过', cell: (row) => row.rejected },
  { key: 'passRate', header: '通过率', cell: (row) => percent(row.passRate), sortable: true },
];

const organColumns: Column<PassRateRow>[] = [
  { key: 'registrationOrgan', header: '登记机关', cell: (row) => row.registrationOrgan, wide: true },
  { key: 'organizations', header: '机构数', cell: (row) => row.organizations },
  ...countColumns,
];

const orgColumns: Column<PassRateRow>[] = [
  {
    key: 'orgName',
    header: '机构名称',
    cell: (row) => <Link to={`/intermediary/orgManageDetail?id=${row.organizationId}`}>{row.orgName}</Link>,
    wide: true,
  },
  { key: 'credential', header: '统一社会信用代码', cell: (row) => row.credential ?? '', nowrap: true },
  { key: 'registrationOrgan', header: '登记机关', cell: (row) => row.registrationOrgan },
  ...countColumns,
];

/** The filters of the page's URL, as the call takes them (empty ones left out). */
function usePassRateFilters() {
  const [search] = useSearchParams();
  const filters: { registrationOrgan?: string; credential?: string } = {};
  const organ = search.get('registrationOrgan')?.trim();
  const credential = search.get('credential')?.trim();
  if (organ) filters.registrationOrgan = organ;
  if (credential) filters.credential = credential;
  return filters;
}

function OrganSummary() {
  const filters = usePassRateFilters();
  const organs = useCall(agencyCalls.passRate, { ...filters, groupBy: 'organ', page: 1, rows: 50 });
  return (
    <Card aria-busy={organs.isFetching}>
      <h2 className="agency-section-title">按登记机关汇总</h2>
      {organs.error ? (
        <Notice tone="danger">{organs.error.message}</Notice>
      ) : (
        <DataTable
          caption="按登记机关汇总的申请通过率"
          columns={organColumns}
          rows={organs.data?.rows ?? []}
          rowKey={(row) => row.registrationOrgan}
        />
      )}
    </Card>
  );
}

export function PassRatePage() {
  return (
    <ListPage
      title="机构通过率"
      caption="各机构的申请通过率"
      description="已审核的机构申请中审核通过的比例；每次审核（通过或不通过）计一次，退回后重新提交再通过计两次审核、一次通过。"
      call={agencyCalls.passRate}
      fixedInput={{ groupBy: 'organization' }}
      filters={[
        { name: 'registrationOrgan', label: '登记机关' },
        { name: 'credential', label: '统一社会信用代码' },
      ]}
      intro={<OrganSummary />}
      columns={orgColumns}
      rowKey={(row) => row.organizationId ?? row.registrationOrgan}
      emptyText={(filtered) => (filtered ? '没有符合条件的机构，请调整筛选条件' : '暂无已审核的机构申请')}
    />
  );
}

function ContactDetails({ org }: { org: AgencyRecord }) {
  const mayListStaff = useMayCall(staffCalls.queryStaff.access);
  const staff = useCall(
    staffCalls.queryStaff,
    { organizationId: org.organizationId },
    { enabled: mayListStaff },
  );
  return (
    <>
      <PageHeader
        title={org.orgName}
        description={
          <span className="agency-status">
            <StatusBadge table={auditStatus} value={org.auditStatus} />
            {org.creditFlags.map((flag) => (
              <StatusBadge key={flag} table={creditFlag} value={flag} />
            ))}
          </span>
        }
        actions={<Link to={`/intermediary/orgManageDetail?id=${org.organizationId}`}>机构详情</Link>}
      />
      <DetailSection
        title="联系方式"
        items={[
          { label: '联系人', value: org.contactName },
          {
            label: '联系电话',
            value: org.contactPhone ? <a href={`tel:${org.contactPhone}`}>{org.contactPhone}</a> : '',
          },
          {
            label: '电子邮箱',
            value: org.email ? <a href={`mailto:${org.email}`}>{org.email}</a> : '',
          },
          { label: '法定代表人', value: org.legalPersonName },
          { label: '所在区县', value: org.districtName },
          { label: '办公地址', value: org.address, wide: true },
        ]}
      />
      {mayListStaff ? (
        <Card>
          <h2 className="agency-section-title">在册从业人员</h2>
          {staff.error ? (
            <Notice tone="danger">{staff.error.message}</Notice>
          ) : staff.data && staff.data.length === 0 ? (
            <p>暂无审核通过的从业人员。</p>
          ) : (
            <DataTable
              caption="在册从业人员"
              columns={[
                {
                  key: 'name',
                  header: '姓名',
                  cell: (row) => <Link to={`/orgstaff/staffdetail?id=${row.staffId}`}>{row.name}</Link>,
                },
                { key: 'post', header: '岗位', cell: (row) => row.post ?? '' },
                { key: 'title', header: '职称', cell: (row) => row.title ?? '' },
                { key: 'certificateNo', header: '证书编号', cell: (row) => row.certificateNo ?? '' },
              ]}
              rows={staff.data ?? []}
              rowKey={(row) => row.staffId}
            />
          )}
        </Card>
      ) : null}
    </>
  );
}

export function ContactPage() {
  const [search] = useSearchParams();
  const byUser = search.has('userId');
  const id = useUrlId('userId', 'id');
  const ofOrg = useRecord(agencyCalls.queryOne, byUser || id === undefined ? undefined : { orgId: id });
  const ofUser = useRecord(
    agencyCalls.queryOneByUserId,
    byUser && id !== undefined ? { userId: id } : undefined,
  );
  const org = byUser ? ofUser : ofOrg;
  return (
    <RecordPage record={org} title="联系人详情" missing="请从机构列表中选择机构" back={contactsList}>
      {(data) => <ContactDetails org={data} />}
    </RecordPage>
  );
}

const connectColumns: Column<AgencySummary>[] = [
  {
    key: 'orgName',
    header: '机构名称',
    cell: (row) => <Link to={`/intermediary/orgManageDetail?id=${row.organizationId}`}>{row.orgName}</Link>,
    wide: true,
  },
  { key: 'legalPersonName', header: '法定代表人', cell: (row) => row.legalPersonName ?? '' },
  { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
  {
    key: 'creditFlags',
    header: '信用状况',
    cell: (row) =>
      row.creditFlags.length === 0
        ? '良好'
        : row.creditFlags.map((flag) => <StatusBadge key={flag} table={creditFlag} value={flag} />),
  },
  {
    key: 'links',
    header: '关联信息',
    cell: (row) => (
      <span className="agency-links">
        <Link to={`/intermediary/contactManageDetail?id=${row.organizationId}`}>联系人</Link>
        <Link to={`/orgstaff/staffListChild?orgId=${row.organizationId}`}>从业人员</Link>
        <Link to={`/intermediary/contractDownList?organizationId=${row.organizationId}`}>合同下载</Link>
        <Link to={`/intermediary/orgpassrate?credential=${encodeURIComponent(row.credential ?? '')}`}>
          通过率
        </Link>
        {row.legalPersonName ? (
          <Link to={`/intermediary/dishonest?legalPersonName=${encodeURIComponent(row.legalPersonName)}`}>
            失信核查
          </Link>
        ) : null}
      </span>
    ),
  },
];

export function OrgConnectPage() {
  return (
    <ListPage
      title="机构关联"
      caption="审核通过的中介机构及其关联信息"
      description="每家审核通过的机构及与之关联的联系人、从业人员、申请通过率和法定代表人失信核查。"
      call={hallCalls.agencies}
      filters={[{ name: 'orgName', label: '机构名称' }]}
      columns={connectColumns}
      rowKey={(row) => row.organizationId}
    />
  );
}
