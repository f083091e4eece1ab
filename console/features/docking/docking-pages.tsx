/**
 * /dataExchangeSystem/dockingList (the projects the provincial approval platform pushed:
 * filters, paging, view, delete with confirmation, file download, Excel export, read the feed now)
 * and /dataExchangeSystem/dockingDetails?id= (one docked project with its files). Administrators
 * and the authority; docs/docking.md.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { callUrl } from '@shared/api/call';
import { dockingCalls, type DockedRecord, type DockedRow } from '@shared/calls/docking';
import { dockedStates } from '@shared/domain/docking';
import { formatDate, formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, PageHeader } from '@shared/ui/page';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { DetailSection } from '@console/kit/detail';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { useCallMutation } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import { useApi } from '@console/lib/api';

const detailPath = (id: number) => `/dataExchangeSystem/dockingDetails?id=${id}`;

/** Where the detail page leads back to after a refusal. */
const list = { to: '/dataExchangeSystem/dockingList', label: '返回列表' };

function StateTag({ row, short = false }: { row: Pick<DockedRow, 'state' | 'projectNo'>; short?: boolean }) {
  return row.state === 1 ? (
    <span className="kit-badge kit-badge--success">
      已导入{!short && row.projectNo ? `（项目编号 ${row.projectNo}）` : ''}
    </span>
  ) : (
    <span className="kit-badge kit-badge--warning">待导入</span>
  );
}

const columns: readonly Column<DockedRow>[] = [
  {
    key: 'projectName',
    header: '项目名称',
    cell: (row) => <Link to={detailPath(row.pkid)}>{row.projectName}</Link>,
    wide: true,
  },
  { key: 'centralCode', header: '项目代码', cell: (row) => row.centralCode ?? '', nowrap: true },
  { key: 'constructionName', header: '建设单位', cell: (row) => row.constructionName },
  { key: 'districtName', header: '所在区县', cell: (row) => row.districtName ?? '' },
  { key: 'state', header: '导入状态', cell: (row) => <StateTag row={row} short /> },
  { key: 'createdAt', header: '接收日期', cell: (row) => formatDate(row.createdAt), nowrap: true },
];

export function DockingListPage() {
  const api = useApi();
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const remove = useCallMutation(dockingCalls.remove, { invalidates: [dockingCalls.list] });
  const importNow = useCallMutation(dockingCalls.importNow, { invalidates: [dockingCalls.list] });
  return (
    <ListPage
      title="审批平台项目"
      caption="省投资项目审批平台推送的项目"
      description="审批平台项目对接：省投资项目在线审批监管平台推送的项目，每 30 分钟自动读取一次；建设单位可在“新建项目”中一键导入本单位的项目。"
      actions={
        <Button
          variant="secondary"
          disabled={importNow.isPending}
          onClick={() => {
            importNow.mutate(
              {},
              {
                onSuccess: (result) => setFeedback({ tone: 'success', text: result.message }),
                onError: (error) => setFeedback({ tone: 'danger', text: error.message }),
              },
            );
          }}
        >
          {importNow.isPending ? '正在读取…' : '立即读取审批平台'}
        </Button>
      }
      call={dockingCalls.list}
      filters={[
        { name: 'projectName', label: '项目名称' },
        { name: 'centralCode', label: '项目代码' },
        { name: 'constructionName', label: '建设单位' },
        {
          name: 'state',
          label: '导入状态',
          type: 'select',
          options: dockedStates.map((s) => ({ value: s.value, label: s.label })),
        },
      ]}
      columns={columns}
      rowKey={(row) => row.pkid}
      feedback={feedback}
      emptyText={(filtered) => (filtered ? '没有符合条件的项目' : '审批平台尚未推送项目')}
      rowActions={(row) => (
        <>
          <Link to={detailPath(row.pkid)} aria-label={`查看 ${row.projectName}`}>
            查看
          </Link>
          {row.fileTypes.includes('approval') ? (
            <a
              href={callUrl(api, dockingCalls.downloadFile, { id: row.pkid, type: 'approval' })}
              download
              aria-label={`下载批复 ${row.projectName}`}
            >
              下载批复
            </a>
          ) : null}
          <ConfirmAction
            label="删除"
            variant="danger"
            size="sm"
            title="删除审批平台项目"
            question={`确定删除“${row.projectName}”吗？删除后再次读取审批平台也不会恢复。`}
            ariaLabel={`删除 ${row.projectName}`}
            action={() => remove.mutateAsync({ id: row.pkid })}
            onDone={setFeedback}
          />
        </>
      )}
      exportFile={{ call: dockingCalls.exportExcel, fileName: '审批平台推送项目.xlsx' }}
    />
  );
}

export function DockingDetailPage() {
  const record = useRecordFromUrl(dockingCalls.get, 'id', (id) => ({ id }));
  return (
    <RecordPage record={record} title="审批平台项目详情" missing="请从审批平台项目列表中选择项目" back={list}>
      {(data) => <DockedProject project={data} />}
    </RecordPage>
  );
}

function DockedProject({ project }: { project: DockedRecord }) {
  const api = useApi();
  const navigate = useNavigate();
  const remove = useCallMutation(dockingCalls.remove, { invalidates: [dockingCalls.list] });
  return (
    <>
      <PageHeader
        title={project.projectName}
        description={`审批平台项目编号 ${project.platformProjectId}`}
        actions={
          <ConfirmAction
            label="删除"
            variant="danger"
            title="删除审批平台项目"
            question={`确定删除“${project.projectName}”吗？删除后再次读取审批平台也不会恢复。`}
            action={() => remove.mutateAsync({ id: project.pkid })}
            onDone={() => void navigate('/dataExchangeSystem/dockingList')}
          />
        }
      />
      <DetailSection
        title="项目信息"
        items={[
          { label: '项目名称', value: project.projectName },
          { label: '项目代码', value: project.centralCode },
          { label: '地方项目编码', value: project.localCode },
          { label: '所在区县', value: project.districtName ?? project.districtCode },
          { label: '项目地址', value: project.address, wide: true },
          {
            label: '项目位置',
            value:
              project.lon !== null && project.lat !== null
                ? `${project.lon}, ${project.lat}`
                : '（平台未提供）',
          },
          { label: '出资方', value: project.fundingParty },
          { label: '项目类型', value: project.projectType },
          { label: '总投资（万元）', value: project.totalInvestment },
          { label: '用地面积（平方米）', value: project.landArea },
          { label: '建筑面积（平方米）', value: project.buildingArea },
        ]}
      />
      <DetailSection
        title="建设单位与审批"
        items={[
          { label: '建设单位', value: project.constructionName },
          { label: '统一社会信用代码', value: project.constructionCreditCode },
          { label: '联系人', value: project.contactName },
          { label: '联系电话', value: project.contactPhone },
          { label: '审批文号', value: project.approvalNo },
          { label: '审批日期', value: project.approvedOn },
        ]}
      />
      <DetailSection
        title="对接情况"
        items={[
          { label: '来源', value: project.sourceName },
          { label: '首次接收', value: formatDateTime(project.createdAt) },
          { label: '最近更新', value: formatDateTime(project.updatedAt) },
          { label: '导入状态', value: <StateTag row={project} /> },
          { label: '导入时间', value: project.importedAt ? formatDateTime(project.importedAt) : '' },
        ]}
      >
        <section className="kit-attachments" aria-label="平台文件">
          <h3 className="kit-attachments__title">平台文件</h3>
          {project.files.length === 0 ? (
            <p>审批平台未推送文件</p>
          ) : (
            <ul>
              {project.files.map((file) => (
                <li key={file.type}>
                  <span className="kit-attachments__name">
                    {file.typeName}：{file.fileName}
                  </span>
                  <a
                    href={callUrl(api, dockingCalls.downloadFile, {
                      id: project.pkid,
                      type: file.type,
                    })}
                    download
                    aria-label={`下载 ${file.typeName}`}
                  >
                    下载
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </DetailSection>
      <Card>
        <Link to="/dataExchangeSystem/dockingList">返回审批平台项目列表</Link>
      </Card>
    </>
  );
}
