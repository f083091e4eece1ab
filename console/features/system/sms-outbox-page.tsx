import { userCalls } from '@shared/calls/identity';
import type { z } from 'zod';
import { formatDateTime } from '@shared/format';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { DataTable, type Column } from '@console/kit/data-table';
import { FilterBar } from '@console/kit/list-page';
import { useCall } from '@console/kit/query';
import { useListState } from '@console/kit/url-state';
import { zh } from '@console/lib/i18n';
import { smsOutboxTexts } from './texts';

type OutboxMessage = z.infer<typeof userCalls.smsOutbox.output>[number];

const t = smsOutboxTexts;

const columns: readonly Column<OutboxMessage>[] = [
  { key: 'userphone', header: t.phone, cell: (row) => row.userphone, nowrap: true },
  { key: 'content', header: t.content, cell: (row) => row.content, wide: true },
  { key: 'createdAt', header: t.sentAt, cell: (row) => formatDateTime(row.createdAt), nowrap: true },
];

/**
 * /system/smsOutbox: the messages of the default SMS provider, a database outbox (issue 3), newest
 * first, optionally for one mobile number (kept in the URL). Administrators only (route table and
 * server).
 */
export function SmsOutboxPage() {
  const list = useListState(['userphone']);
  const outbox = useCall(
    userCalls.smsOutbox,
    list.filters.userphone ? { userphone: list.filters.userphone } : {},
  );
  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <FilterBar
        filters={[{ name: 'userphone', label: t.phone, placeholder: '11 位手机号码' }]}
        values={list.filters}
        onApply={list.setFilters}
      />
      <Card aria-busy={outbox.isFetching}>
        {outbox.error ? (
          <Notice tone="danger">{outbox.error.message}</Notice>
        ) : outbox.isPending ? (
          <Notice>{zh.common.loading}</Notice>
        ) : (outbox.data ?? []).length === 0 ? (
          <Notice>{t.empty}</Notice>
        ) : (
          <DataTable caption={t.title} columns={columns} rows={outbox.data ?? []} rowKey={(row) => row.id} />
        )}
      </Card>
    </>
  );
}
