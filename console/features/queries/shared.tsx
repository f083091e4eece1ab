/**
 * What the statistics pages share: the drill-down link of a number (to /query/projectQuery with the
 * number's filter in the URL), the export button and the period filter kept in the URL.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '@shared/api/call';
import { compactParams } from '@shared/api/client';
import type { ApiCall } from '@shared/calls/define';
import { Button } from '@shared/ui/button';
import { Notice } from '@shared/ui/page';
import { saveBlob } from '@console/kit/download';
import { useApi } from '@console/lib/api';

export const PROJECT_QUERY = '/query/projectQuery';

const numberFormat = new Intl.NumberFormat('zh-CN');
export const formatCount = (n: number) => numberFormat.format(n);

/** The project list a number stands for. */
export function projectListHref(filter: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter))
    if (value !== undefined && value !== '') params.set(key, String(value));
  const search = params.toString();
  return search ? `${PROJECT_QUERY}?${search}` : PROJECT_QUERY;
}

/** A count that opens its list; zero has no list to open. */
export function CountLink({
  count,
  filter,
  label,
}: {
  count: number;
  filter: Record<string, string | number | undefined>;
  /** What the number counts, for the link's accessible name. */
  label: string;
}) {
  if (count === 0) return <>0</>;
  return (
    <Link to={projectListHref(filter)} aria-label={`${label}：${formatCount(count)}，查看项目列表`}>
      {formatCount(count)}
    </Link>
  );
}

/** 导出 Excel of a `file` call with the page's filters. */
export function ExportButton({
  call,
  input,
  fileName,
}: {
  call: ApiCall;
  input: Record<string, string>;
  fileName: string;
}) {
  const api = useApi();
  const [state, setState] = useState<'idle' | 'busy' | string>('idle');
  const run = async () => {
    setState('busy');
    try {
      saveBlob((await callApi(api, call, compactParams(input))) as Blob, fileName);
      setState('idle');
    } catch (caught) {
      setState(caught instanceof Error ? caught.message : '导出失败，请重试');
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void run()} disabled={state === 'busy'}>
        {state === 'busy' ? '正在导出…' : '导出 Excel'}
      </Button>
      {state !== 'idle' && state !== 'busy' ? <Notice tone="danger">{state}</Notice> : null}
    </>
  );
}

/** 万元 for a chart axis (from the exact decimal text: a picture needs no cents). */
export const tenThousands = (amount: string) => Number(amount) / 10_000;
