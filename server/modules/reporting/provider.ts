/**
 * Where results reports go (docs/reporting.md): a provider delivers one report document to the
 * provincial platform. The default one drops it as a JSON file in a directory (offline; the platform's
 * collector, or an operator, picks the files up); the HTTP one POSTs it to the platform's API with the
 * key of the configuration (RESULTS_REPORT_*). A refusal throws ReportDeliveryError with the reason.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { ReportingConfig } from '@server/config';

export interface ReportDocument {
  format: string;
  certificateNo: string;
  [field: string]: unknown;
}

export interface ResultsReportProvider {
  readonly name: 'directory' | 'http';
  /** Delivers the document; answers a receipt (the file's name, the platform's receipt number). */
  deliver(document: ReportDocument): Promise<string>;
}

/** The platform did not take a report (the job records the reason and retries). */
export class ReportDeliveryError extends Error {
  override name = 'ReportDeliveryError';
}

export function reportProviderFor(config: ReportingConfig): ResultsReportProvider {
  return config.provider === 'http'
    ? createHttpReportProvider(config.url, config.key)
    : createDirectoryReportProvider(config.dir);
}

/** A certificate number as a file name: letters and digits only (YZCG2026000001). */
const fileNameOf = (no: string) => `${no.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;

/**
 * The drop directory: one `<certificate number>.json` per report, written whole (a temporary file
 * renamed into place), so a collector never reads half a report; sending again overwrites it.
 */
export function createDirectoryReportProvider(dir: string): ResultsReportProvider {
  const root = path.resolve(dir);
  return {
    name: 'directory',
    async deliver(document) {
      const name = fileNameOf(document.certificateNo);
      const temporary = path.join(root, `.${name}.${process.pid}.tmp`);
      try {
        await fsp.mkdir(root, { recursive: true });
        await fsp.writeFile(temporary, `${JSON.stringify(document, null, 2)}\n`, 'utf8');
        await fsp.rename(temporary, path.join(root, name));
      } catch (error) {
        await fsp.rm(temporary, { force: true }).catch(() => undefined);
        throw new ReportDeliveryError(`写入上报目录失败：${(error as Error).message}`);
      }
      return name;
    },
  };
}

const HTTP_TIMEOUT_MS = 15_000;

/**
 * The platform's API: `POST {url}/results` with the document as JSON and `X-Api-Key`; a 2xx answer is
 * taken (its JSON `receiptNo`, if any, is the receipt), anything else is a refusal with its status.
 */
export function createHttpReportProvider(baseUrl: string, key: string): ResultsReportProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'http',
    async deliver(document) {
      let response: Response;
      try {
        response = await fetch(`${base}/results`, {
          method: 'POST',
          headers: { 'X-Api-Key': key, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify(document),
          redirect: 'manual',
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
      } catch (error) {
        const cause =
          error instanceof Error && error.cause instanceof Error ? `（${error.cause.message}）` : '';
        throw new ReportDeliveryError(`无法连接省平台：${(error as Error).message}${cause}`);
      }
      const body = await response.text().catch(() => '');
      if (response.status < 200 || response.status >= 300)
        throw new ReportDeliveryError(
          `省平台拒收：HTTP ${response.status}${body ? ` ${body.slice(0, 200)}` : ''}`,
        );
      let receipt = `HTTP ${response.status}`;
      try {
        const parsed = JSON.parse(body) as { receiptNo?: unknown };
        if (typeof parsed.receiptNo === 'string' && parsed.receiptNo)
          receipt = parsed.receiptNo.slice(0, 100);
      } catch {
        // An answer that is not JSON is still a 2xx: taken.
      }
      return receipt;
    },
  };
}
