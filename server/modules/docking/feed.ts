/**
 * The docking feed (docs/docking.md): what the provincial approval platform sends us, whichever
 * provider carries it. A feed document is `{ format, generatedAt?, projects: [...], housing?: [...] }`;
 * each project entry is checked on its own, so one bad entry does not stop the others.
 */
import { z } from 'zod';
import { dockedFileTypeValues } from '@shared/domain/docking';
import { CENTRAL_CODE_PATTERN } from '@shared/validation/projects';

export const FEED_FORMAT = 'docking-feed/1';

const text = (max: number) => z.string().trim().min(1).max(max);
const optional = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), text(max).optional());
const optionalNumber = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.number().finite().min(0).optional(),
);

export const feedFileSchema = z
  .object({
    type: z.enum(dockedFileTypeValues),
    /** The file name offered on download ('立项批复.pdf'). */
    name: text(100),
    /** Directory provider: a path relative to the feed directory. */
    path: optional(300),
    /** HTTP provider: an absolute URL, or a path below the platform's base URL. */
    url: optional(500),
    /** Either provider: the bytes themselves. */
    contentBase64: z.string().max(70_000_000).optional(),
  })
  .refine((f) => f.path !== undefined || f.url !== undefined || f.contentBase64 !== undefined, {
    message: 'a file needs path, url or contentBase64',
  });
export type FeedFile = z.infer<typeof feedFileSchema>;

export const feedProjectSchema = z.object({
  platformProjectId: text(64),
  projectName: text(100),
  centralCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().regex(CENTRAL_CODE_PATTERN).optional(),
  ),
  localCode: optional(30),
  districtCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^\d{7}(\d{4})?$/)
      .optional(),
  ),
  address: optional(200),
  lon: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.number().min(-180).max(180).optional(),
  ),
  lat: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.number().min(-90).max(90).optional()),
  fundingParty: optional(100),
  projectType: optional(20),
  totalInvestment: optionalNumber,
  landArea: optionalNumber,
  buildingArea: optionalNumber,
  constructionName: text(100),
  constructionCreditCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[0-9A-HJ-NPQRTUWXY]{18}$/)
      .optional(),
  ),
  contactName: optional(50),
  contactPhone: optional(20),
  approvalNo: optional(100),
  approvedOn: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.iso.date().optional()),
  files: z.array(feedFileSchema).max(dockedFileTypeValues.length).default([]),
});
export type FeedProject = z.infer<typeof feedProjectSchema>;

/** 商品房项目信息 (getSpfXmxx): the housing project the platform registered under a central code. */
export const housingInfoSchema = z.object({
  centralCode: z.string().regex(CENTRAL_CODE_PATTERN),
  projectName: text(100),
  developer: text(100),
  presaleLicenseNo: optional(60),
  landUseCertificateNo: optional(60),
  totalBuildingArea: optionalNumber,
  buildings: z
    .array(
      z.object({
        buildingNo: text(30),
        floorsAbove: z.number().int().min(0).max(200),
        floorsBelow: z.number().int().min(0).max(20).default(0),
        households: z.number().int().min(0).max(100_000),
        buildingArea: optionalNumber,
      }),
    )
    .max(500)
    .default([]),
});
export type HousingInfo = z.infer<typeof housingInfoSchema>;

/** A feed document: entries stay unknown here, each is checked by itself (feedProjectSchema). */
export const feedDocumentSchema = z.object({
  format: z.literal(FEED_FORMAT),
  generatedAt: z.string().optional(),
  projects: z.array(z.unknown()).default([]),
  housing: z.array(z.unknown()).default([]),
});
export type FeedDocument = z.infer<typeof feedDocumentSchema>;
