/**
 * Results reporting to the provincial platform (issue 25, docs/reporting.md): every certificate issued
 * for accepted results is reported once, through a provider (a drop directory or the platform's API),
 * queued on the job runner with retries and backoff.
 */
import { defineStatusTable } from './status-table';

/** A report's state: waiting (first try or a retry due), delivered, or given up after the last try. */
export const reportState = defineStatusTable([
  { value: 'pending', key: 'pending', label: '待上报', tone: 'warning' },
  { value: 'sent', key: 'sent', label: '已上报', tone: 'success' },
  { value: 'failed', key: 'failed', label: '上报失败', tone: 'danger' },
]);
export type ReportState = (typeof reportState.values)[number];

/** Where a report went: the drop directory or the platform's API. */
export const reportProviders = defineStatusTable([
  { value: 'directory', key: 'directory', label: '数据目录', tone: 'neutral' },
  { value: 'http', key: 'http', label: '省平台接口', tone: 'neutral' },
]);

/** The report document's format name (the file and the HTTP body carry it). */
export const RESULTS_REPORT_FORMAT = 'results-report/1';

/** Waits before the 2nd, 3rd, … attempt; after the last one the report is marked failed. */
export const REPORT_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const REPORT_MAX_ATTEMPTS = REPORT_RETRY_DELAYS_MS.length + 1;
