/**
 * /dataExchangeSystem/interfaceDetails?id=: one interface — its definition, how another system calls
 * it (address, sample call, its OpenAPI path item, the whole document at /api-docs) — and its access
 * log, paged. Administrators.
 */
import { Link } from 'react-router';
import {
  interfaceCalls,
  type AccessLogRow,
  type DatasetOut,
  type InterfaceDetail,
} from '@shared/calls/interfaces';
import { operatorLabel } from '@shared/domain/interfaces';
import { formatDateTime } from '@shared/format';
import { Card, PageHeader } from '@shared/ui/page';
import { DetailSection } from '@console/kit/detail';
import { ListPage } from '@console/kit/list-page';
import { RecordPage, useRecordFromUrl } from '@console/kit/record-page';
import { useCall } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';
import './interfaces.css';

const back = { to: '/dataExchangeSystem/interfaceManagement', label: '返回接口管理' };

// Four columns, each wrapping, so the log fits a phone without a scrolling table.
const logColumns: readonly Column<AccessLogRow>[] = [
  { key: 'at', header: '调用时间', cell: (row) => formatDateTime(row.at) },
  { key: 'consumerName', header: '接入系统', cell: (row) => row.consumerName ?? '（密钥无效）' },
  {
    key: 'params',
    header: '参数',
    cell: (row) => <code className="interface-params">{JSON.stringify(row.params)}</code>,
    wide: true,
  },
  {
    key: 'status',
    header: '结果',
    cell: (row) =>
      row.status === 200 ? (
        <span className="kit-badge kit-badge--success interface-failure">
          成功，{row.rowCount} 行，{row.durationMs} ms
        </span>
      ) : (
        <span className="kit-badge kit-badge--danger interface-failure">
          {row.status}：{row.message}
        </span>
      ),
  },
];

function labelOf(dataset: DatasetOut | undefined, name: string): string {
  const field = dataset?.fields.find((f) => f.name === name);
  return field ? `${field.label}（${name}）` : name;
}

function InterfaceView({ detail }: { detail: InterfaceDetail }) {
  const { data: catalogue } = useCall(interfaceCalls.datasets, {});
  const dataset = catalogue?.find((d) => d.id === detail.dataset);
  return (
    <>
      <PageHeader title={detail.name} description={detail.description ?? `接口编码 ${detail.code}`} />
      <DetailSection
        title="接口定义"
        items={[
          { label: '接口编码', value: <code>{detail.code}</code> },
          { label: '数据集', value: detail.datasetLabel },
          { label: '状态', value: detail.enabled ? '已启用' : '已停用' },
          { label: '返回行数上限', value: detail.rowCap },
          { label: '返回字段', value: detail.fields.map((f) => labelOf(dataset, f)).join('、'), wide: true },
          {
            label: '查询条件',
            wide: true,
            value:
              detail.conditions.length === 0 ? (
                '无'
              ) : (
                <ul>
                  {detail.conditions.map((c, index) => (
                    <li key={index}>
                      {labelOf(dataset, c.field)} {operatorLabel(c.operator)}{' '}
                      {c.source === 'fixed' ? (
                        `固定值“${c.value}”`
                      ) : (
                        <>
                          参数 <code>{c.param}</code>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              ),
          },
        ]}
      />
      <DetailSection
        title="调用方式"
        items={[
          { label: '调用地址', value: <code>POST {detail.path}</code>, wide: true },
          {
            label: '密钥',
            value: '请求头 X-Api-Key（或 Authorization: Bearer）携带接入系统的密钥',
            wide: true,
          },
        ]}
      >
        <h3>调用示例</h3>
        <pre className="interface-code" aria-label="调用示例" tabIndex={0}>
          {detail.sampleCall}
        </pre>
        <h3>OpenAPI 描述</h3>
        <p>
          完整的 OpenAPI 文档（可用于生成客户端）：<a href="/api-docs/openapi.json">/api-docs/openapi.json</a>
          ，浏览：<a href="/api-docs">/api-docs</a>
        </p>
        <pre className="interface-code" aria-label="OpenAPI 描述" tabIndex={0}>
          {JSON.stringify(detail.openApi, null, 2)}
        </pre>
      </DetailSection>
      <ListPage
        title="访问日志"
        caption="接口访问日志"
        call={interfaceCalls.accessLog}
        fixedInput={{ interfaceId: detail.id }}
        urlPrefix="log"
        columns={logColumns}
        rowKey={(row) => row.id}
        emptyText="还没有调用记录"
      />
      <Card>
        <Link to={back.to}>{back.label}</Link>
      </Card>
    </>
  );
}

export function InterfaceDetailsPage() {
  const record = useRecordFromUrl(interfaceCalls.get, 'id', (id) => ({ id }));
  return (
    <RecordPage record={record} title="接口详情" missing="请从接口管理列表中选择接口" back={back}>
      {(detail) => <InterfaceView detail={detail} />}
    </RecordPage>
  );
}
