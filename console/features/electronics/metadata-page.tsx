/**
 * 元数据目录 (/electronics/MetadataManage, issue 23), for the archive's keepers. Two views:
 * - the records (default): every version on the hash chain, newest first, searchable by kind, case and
 *   name, with the chain's verification, which names the first record that no longer matches;
 * - the field catalogue (`?view=fields`): the 12 document and 20 vector fields with their Chinese
 *   name, English field name, data type, added and updated time, filtered and paged in the browser
 *   (spec section 7: the catalogue is filtered locally, with no call).
 */
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  electronicsCalls,
  type ChainVerificationResult,
  type MetadataField,
  type MetadataRecordRow,
} from '@shared/calls/electronics';
import { classification, metadataKind } from '@shared/domain/electronics';
import { formatDate, formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { Pager } from '@shared/ui/pager';
import { DataTable, type Column } from '@console/kit/data-table';
import { FilterBar, ListPage, statusFilter } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation } from '@console/kit/query';
import { CASE_LIST } from './links';
import { EditMetadata } from './record-edit';
import { shortHash } from './records';
import './electronics.css';

const PAGE = '/electronics/MetadataManage';

function ViewTabs({ current }: { current: 'records' | 'fields' }) {
  return (
    <nav className="el-views" aria-label="元数据目录视图">
      <Link to={PAGE} aria-current={current === 'records' ? 'page' : undefined}>
        元数据记录
      </Link>
      <Link to={`${PAGE}?view=fields`} aria-current={current === 'fields' ? 'page' : undefined}>
        字段目录
      </Link>
    </nav>
  );
}

const reasons = { content: '记录内容与其哈希不符', link: '记录的前一哈希与上一条记录不符' } as const;

function ChainCheck() {
  const verify = useCallMutation(electronicsCalls.verifyChain);
  const [result, setResult] = useState<{ message: string; data: ChainVerificationResult } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setFailure(null);
    try {
      setResult(await verify.mutateAsync({}));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '校验失败，请稍后重试');
    }
  };
  const broken = result?.data.broken;
  return (
    <Card>
      <div className="el-chain">
        <div>
          <h2 className="el-heading">哈希链校验</h2>
          <p className="el-note">
            每条元数据记录的哈希覆盖其内容和上一条记录的哈希。校验会重新计算整条链：通过本系统的修改会追加新版本，不会破坏链；绕过系统直接改动数据库会被指出。
          </p>
        </div>
        <Button onClick={run} disabled={verify.isPending}>
          {verify.isPending ? '正在校验…' : '校验哈希链'}
        </Button>
      </div>
      <div role="status" aria-live="polite">
        {failure ? <Notice tone="danger">{failure}</Notice> : null}
        {result && !broken ? <Notice>{result.message}</Notice> : null}
        {broken ? (
          <Notice tone="danger">
            {result?.message}：档案 {broken.caseNo ?? '—'}，{broken.subjectKey} 第 {broken.version} 版（
            {reasons[broken.reason]}）。此前 {result?.data.verified} 条记录校验通过。
          </Notice>
        ) : null}
      </div>
    </Card>
  );
}

const recordColumns = (onEdited: (text: string) => void): readonly Column<MetadataRecordRow>[] => [
  { key: 'recordId', header: '记录号', cell: (row) => row.recordId, nowrap: true },
  {
    key: 'caseNo',
    header: '档案编号',
    cell: (row) => <Link to={`${CASE_LIST}?id=${row.caseId}`}>{row.caseNo}</Link>,
    nowrap: true,
  },
  { key: 'name', header: '名称', cell: (row) => String(row.content.name ?? '—'), wide: true },
  {
    key: 'kind',
    header: '类别',
    cell: (row) => <StatusBadge table={metadataKind} value={row.kind} />,
  },
  { key: 'version', header: '版本', cell: (row) => `第 ${row.version} 版`, nowrap: true },
  {
    key: 'classification',
    header: '密级',
    cell: (row) => <StatusBadge table={classification} value={row.classification} />,
  },
  {
    key: 'previousHash',
    header: '前一哈希',
    cell: (row) => <code title={row.previousHash ?? ''}>{shortHash(row.previousHash)}</code>,
    nowrap: true,
  },
  {
    key: 'hash',
    header: '链哈希',
    cell: (row) => <code title={row.hash}>{shortHash(row.hash)}</code>,
    nowrap: true,
  },
  {
    key: 'createdAt',
    header: '写入',
    cell: (row) => (
      <span title={formatDateTime(row.createdAt)}>
        {row.createdByName} {formatDate(row.createdAt)}
      </span>
    ),
    nowrap: true,
  },
  {
    key: 'edit',
    header: '操作',
    cell: (row) => <EditMetadata record={row} onDone={onEdited} />,
  },
];

function RecordsView() {
  const [outcome, setOutcome] = useState<string | null>(null);
  const columns = useMemo(() => recordColumns(setOutcome), []);
  return (
    <ListPage
      title="元数据目录"
      caption="元数据记录"
      description="档案中每份文件、每个图层的元数据，按写入哈希链的顺序列出（新的在前）；修改只追加新版本。"
      intro={
        <>
          <ViewTabs current="records" />
          <ChainCheck />
        </>
      }
      call={electronicsCalls.recordList}
      filters={[
        statusFilter('kind', '数据类别', metadataKind),
        { name: 'caseNo', label: '档案编号' },
        { name: 'name', label: '名称' },
      ]}
      columns={columns}
      rowKey={(row) => row.recordId}
      feedback={outcome ? { tone: 'success', text: outcome } : null}
      emptyText={(filtered) => (filtered ? '没有符合条件的元数据记录' : '暂无元数据记录：项目办结归档后生成')}
    />
  );
}

const fieldColumns: readonly Column<MetadataField>[] = [
  { key: 'order', header: '序号', cell: (row) => row.order, nowrap: true },
  { key: 'label', header: '中文名称', cell: (row) => row.label },
  { key: 'field', header: '英文字段名', cell: (row) => <code>{row.field}</code> },
  { key: 'dataType', header: '数据类型', cell: (row) => row.dataType },
  { key: 'kind', header: '数据类别', cell: (row) => metadataKind.label(row.kind) },
  { key: 'editable', header: '可修改', cell: (row) => (row.editable ? '是' : '否（由文件或链生成）') },
  { key: 'addedAt', header: '添加时间', cell: (row) => formatDateTime(row.addedAt), nowrap: true },
  { key: 'updatedAt', header: '更新时间', cell: (row) => formatDateTime(row.updatedAt), nowrap: true },
];

function FieldsView() {
  const fields = useCall(electronicsCalls.fields, {});
  const [search, setSearch] = useSearchParams();
  const [pageSize, setPageSize] = useState(10);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const name = search.get('name') ?? '';
  const kind = Number(search.get('kind')) || 0;
  const shown = (fields.data ?? []).filter(
    (row) =>
      (kind === 0 || row.kind === kind) &&
      (name === '' || row.label.includes(name) || row.field.toLowerCase().includes(name.toLowerCase())),
  );
  const set = (values: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(values)) {
      if (value === '') next.delete(key);
      else next.set(key, value);
    }
    setSearch(next);
  };
  return (
    <>
      <PageHeader
        title="元数据目录"
        description="文档数据 12 项、矢量数据 20 项字段；在本页筛选，不经服务器。"
      />
      <ViewTabs current="fields" />
      <Card>
        <FilterBar
          filters={[
            { name: 'name', label: '字段名称', placeholder: '中文名称或英文字段名' },
            statusFilter('kind', '数据类别', metadataKind),
          ]}
          values={{ name, kind: kind === 0 ? '' : String(kind) }}
          onApply={(values) => set({ ...values, page: '' })}
        />
        {fields.error ? <Notice tone="danger">{fields.error.message}</Notice> : null}
        <DataTable
          caption="元数据字段目录"
          columns={fieldColumns}
          rows={shown.slice((page - 1) * pageSize, page * pageSize)}
          rowKey={(row) => `${row.kind}-${row.field}`}
        />
        {fields.data && shown.length === 0 ? <p className="el-empty">没有符合条件的字段</p> : null}
        <Pager
          page={page}
          pageSize={pageSize}
          total={shown.length}
          onPageChange={(next) => set({ page: String(next) })}
          onPageSizeChange={(size) => {
            setPageSize(size);
            set({ page: '' });
          }}
          label="字段目录分页"
        />
      </Card>
    </>
  );
}

export function MetadataManagePage() {
  const [search] = useSearchParams();
  return search.get('view') === 'fields' ? <FieldsView /> : <RecordsView />;
}
