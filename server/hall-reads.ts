/**
 * What the public hall pages read in-process (through locals.services): each list takes the page's
 * URL parameters and reads them with the same schema as the API (server/modules/hall/queries.ts), so
 * a page and an API client see the same filters; a bad value falls back to its default on a page.
 */
import type { AppContext } from '@server/app-context';
import { isAppError } from '@shared/errors/app-error';
import type { NoticeType } from '@shared/domain/statuses';
import {
  getPublicAgency,
  listPublicAgencies,
  newestAgencies,
  type AgencyDetail,
  type AgencySummary,
} from '@server/modules/agencies';
import {
  getDemand,
  getProjectProgress,
  listDemands,
  type DemandDetail,
  type DemandSummary,
  type ProjectProgress,
} from '@server/modules/projects';
import { downloadFileUrl, listDownloads, type DownloadItem } from '@server/modules/downloads';
import { listDistricts, type DistrictItem } from '@server/modules/map';
import {
  getNotice,
  latestNotices,
  listNotices,
  noticeFileUrl,
  type NoticeDetail,
  type NoticeSummary,
} from '@server/modules/notices';
import { getPublicSelection } from '@server/modules/selection';
import { creditGradeRule } from '@server/modules/credit';
import type { CreditGradeRule } from '@shared/domain/credit-score';
import { inspectionDrawRecord, inspectionResultsOf } from '@server/modules/inspections';
import type { InspectionAgencyResult, InspectionPublic } from '@shared/calls/inspections';
import type { PublicSelection } from '@shared/calls/selection';
import {
  newestConstructions,
  newestProjects,
  type NewConstruction,
  type NewProject,
} from '@server/modules/hall';
import { ratingSummary } from '@server/modules/satisfaction';
import { verifyCertificate, type CertificateVerificationRecord } from '@server/modules/certificates';
import { createRateLimiter } from '@server/lib/rate-limit';
import { certificateVerifySchema } from '@shared/validation/certificates';
import type { SatisfactionSummary } from '@shared/calls/satisfaction';
import {
  agencyListSchema,
  demandListSchema,
  downloadListSchema,
  noticeListSchema,
  parseLenient,
  type AgencyListParams,
  type DemandListParams,
  type DownloadListParams,
  type NoticeListParams,
} from '@shared/validation/lists';

export interface ListPage<Row, Params> {
  rows: Row[];
  total: number;
  /** The parameters as read (defaults applied, bad values dropped). */
  params: Params;
}

export interface DownloadRow extends DownloadItem {
  href: string;
}

export interface NoticeAttachmentLinks {
  download: string;
  preview: string;
}

export interface HallReads {
  notices: {
    list(type: NoticeType, search: URLSearchParams): Promise<ListPage<NoticeSummary, NoticeListParams>>;
    latest(limit: number): Promise<NoticeSummary[]>;
    /** null when missing or not published. */
    get(id: number): Promise<NoticeDetail | null>;
    attachmentLinks(fileId: string): NoticeAttachmentLinks;
  };
  agencies: {
    list(search: URLSearchParams): Promise<ListPage<AgencySummary, AgencyListParams>>;
    newest(limit: number): Promise<AgencySummary[]>;
    /** null when missing or not approved. */
    get(id: number): Promise<AgencyDetail | null>;
    /** Owners' ratings of the agency: count and averages (/constructionSatisfy). */
    satisfaction(id: number): Promise<SatisfactionSummary>;
    /** The agency's published random-inspection results, newest first (抽查结果). */
    inspections(id: number): Promise<InspectionAgencyResult[]>;
  };
  /** The credit grade rule in force (configured; the rule page and the directory state it). */
  creditGradeRule(): CreditGradeRule;
  /** The public record of a random inspection round (null: none). */
  inspectionRecord(id: number): Promise<InspectionPublic | null>;
  downloads: {
    list(search: URLSearchParams): Promise<ListPage<DownloadRow, DownloadListParams>>;
  };
  demands: {
    list(search: URLSearchParams): Promise<ListPage<DemandSummary, DemandListParams>>;
    get(id: number): Promise<DemandDetail | null>;
    progress(projectNo: string): Promise<ProjectProgress | null>;
  };
  newest: {
    constructions(limit: number): Promise<NewConstruction[]>;
    projects(limit: number): Promise<NewProject[]>;
  };
  /** Listed districts (codes of length 7 or 11), for filters. */
  districts(): Promise<DistrictItem[]>;
  /** The public record of a released demand's agency selection (null: none, or not released). */
  selectionRecord(demandId: number): Promise<PublicSelection | null>;
  certificates: {
    /**
     * The verification page's answer for a number as typed: `invalid` (not a certificate number, with
     * the message), `limited` (the address asked too often this minute) or the verification.
     */
    verify(no: string, clientAddress: string | undefined): Promise<CertificateCheck>;
  };
}

export type CertificateCheck =
  | { kind: 'invalid'; message: string }
  | { kind: 'limited' }
  | { kind: 'checked'; verification: CertificateVerificationRecord };

/** Verification pages one address may render per minute (cached pages are not counted). */
export const CERTIFICATE_PAGES_PER_MINUTE = 30;

async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return null;
    throw error;
  }
}

export function createHallReads(ctx: AppContext): HallReads {
  const { db } = ctx;
  const certificateLimiter = createRateLimiter({ limit: CERTIFICATE_PAGES_PER_MINUTE, windowMs: 60_000 });
  const { notices: noticesBase } = ctx.config.apiBases;
  return {
    notices: {
      async list(type, search) {
        const { values } = parseLenient(noticeListSchema, search);
        const params = { ...values, noticeType: type };
        const { rows, total } = await listNotices(db, { ...params, type, sort: 'noticeTime', order: 'desc' });
        return { rows, total, params };
      },
      latest: (limit) => latestNotices(db, limit),
      get: (id) => orNull(getNotice(db, id)),
      attachmentLinks: (fileId) => ({
        download: noticeFileUrl(noticesBase, fileId, 'download'),
        preview: noticeFileUrl(noticesBase, fileId, 'preview'),
      }),
    },
    agencies: {
      async list(search) {
        const { values: params } = parseLenient(agencyListSchema, search);
        return { ...(await listPublicAgencies(db, params)), params };
      },
      newest: (limit) => newestAgencies(db, limit),
      get: (id) => orNull(getPublicAgency(db, id)),
      satisfaction: (id) => ratingSummary(db, id),
      inspections: (id) => inspectionResultsOf(db, id),
    },
    creditGradeRule: () => creditGradeRule(),
    inspectionRecord: (id) => orNull(inspectionDrawRecord(db, id)),
    downloads: {
      async list(search) {
        const { values: params } = parseLenient(downloadListSchema, search);
        const { rows, total } = await listDownloads(db, params);
        return {
          rows: rows.map((row) => ({ ...row, href: downloadFileUrl(ctx.config.apiBases, row.pkid) })),
          total,
          params,
        };
      },
    },
    demands: {
      async list(search) {
        const { values: params } = parseLenient(demandListSchema, search);
        return { ...(await listDemands(db, params)), params };
      },
      get: (id) => orNull(getDemand(db, id)),
      progress: (projectNo) => orNull(getProjectProgress(db, projectNo)),
    },
    newest: {
      constructions: (limit) => newestConstructions(db, limit),
      projects: (limit) => newestProjects(db, limit),
    },
    districts: () => listDistricts(db),
    selectionRecord: (demandId) => orNull(getPublicSelection(db, demandId)),
    certificates: {
      async verify(no, clientAddress) {
        const parsed = certificateVerifySchema.safeParse({ no });
        if (!parsed.success) return { kind: 'invalid', message: parsed.error.issues[0]?.message ?? '' };
        if (!certificateLimiter.take(clientAddress ?? 'unknown')) return { kind: 'limited' };
        return { kind: 'checked', verification: await verifyCertificate(db, parsed.data.no) };
      },
    },
  };
}

export type {
  AgencyDetail,
  AgencySummary,
  DemandDetail,
  DemandSummary,
  DistrictItem,
  NewConstruction,
  NewProject,
  NoticeDetail,
  NoticeSummary,
  ProjectProgress,
};
