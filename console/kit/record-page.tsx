/**
 * A page about one record: the record named in the URL, read through its call, and the states before
 * it is there, each with the page's own words: no record named, the server's refusal (with a way back
 * to the list), loading.
 *
 * ```tsx
 * const contract = useRecordFromUrl(contractCalls.queryOne, ['contractId', 'id'], (contractId) => ({ contractId }));
 * <RecordPage record={contract} title="合同详情" missing="请从合同列表中选择合同"
 *   back={{ to: '/contract/ContractList', label: '返回合同列表' }}>
 *   {(data) => <ContractView contract={data} />}
 * </RecordPage>
 * ```
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CallInput, ApiCall } from '@shared/calls/define';
import type { AppError } from '@shared/errors/app-error';
import { Notice, PageHeader } from '@shared/ui/page';
import { zh } from '@console/lib/i18n';
import { kitTexts } from './texts';
import { useRecord } from './query';
import './kit.css';

/** A record id in the URL: the first of `names` present, when it is a whole number above 0. */
export function useUrlId(...names: string[]): number | undefined {
  const [search] = useSearchParams();
  const name = names.find((candidate) => search.has(candidate));
  const id = Number(name === undefined ? null : search.get(name));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The record whose id is in the URL's parameter (or the first present of several); `missing` without one. */
export function useRecordFromUrl<C extends ApiCall>(
  call: C,
  names: string | readonly string[],
  input: (id: number) => CallInput<C>,
) {
  const id = useUrlId(...(typeof names === 'string' ? [names] : names));
  return useRecord(call, id === undefined ? undefined : input(id));
}

export interface RecordPageProps<T> {
  /** The record's read (useRecord, useRecordFromUrl; or useCall, for a record that is never missing). */
  record: { missing?: boolean; data: T | undefined; error: AppError | null };
  /**
   * The page's title: the heading while the record loads and above a refusal. A page without one
   * shows its states as notices only.
   */
  title?: string;
  /** Why no record shows when the page was opened without one (请从…中选择…). */
  missing?: string;
  /** The way back to the list, after a refusal's message. */
  back?: { to: string; label: string };
  /** The page once the record is there. */
  children: (record: T) => ReactNode;
}

/** A record's page: its record, or the state it is in until then. */
export function RecordPage<T>({ record, title, missing, back, children }: RecordPageProps<T>) {
  if (record.missing) return <Notice tone="danger">{missing}</Notice>;
  if (record.error)
    return (
      <>
        {title ? <PageHeader title={title} /> : null}
        <Notice tone="danger">
          {record.error.message}
          {back ? (
            <>
              {' '}
              <Link to={back.to}>{back.label}</Link>
            </>
          ) : null}
        </Notice>
      </>
    );
  if (record.data === undefined)
    return title ? (
      <PageHeader title={title} description={zh.loading} />
    ) : (
      <Notice>{kitTexts.loading}</Notice>
    );
  return children(record.data);
}
