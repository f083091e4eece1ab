/**
 * Certificates (issue 22; DOMAIN.md "Certificates"): issued on acceptance (project 6 → 7), listed and
 * shown to the owner (its projects'), the agency (its own) and the authority, auditors and
 * administrators (all); revoked by the competent authority with a reason; verified by anyone on the
 * hall's public page, which the certificate's QR code links to.
 */
import { z } from 'zod';
import { roles } from '@shared/domain/roles';
import {
  certificateExportSchema,
  certificateListSchema,
  certificatePdfSchema,
  certificatePkidSchema,
  certificateRevokeSchema,
  certificateVerifySchema,
} from '@shared/validation/certificates';
import { defineCalls } from './define';
import { dateTime, id } from './wire';

const R = roles;
/** Who reads certificates; the service narrows owners and agencies to their own. */
export const certificateReaders = [R.owner.id, R.agency.id, R.authority.id, R.auditor.id];
/** The competent authority revokes (the administrator passes every role check). */
const REVOKERS = [R.authority.id];

export const certificateRowSchema = z.object({
  pkid: id,
  certificateNo: z.string(),
  year: z.number().int(),
  projectId: id,
  projectName: z.string(),
  projectNo: z.string(),
  ownerName: z.string(),
  agencyName: z.string().nullable(),
  itemNames: z.array(z.string()),
  issuedAt: dateTime,
  state: z.number().int().describe('1 有效，2 已撤销'),
  revokedAt: dateTime.nullable(),
  revokeReason: z.string().nullable(),
});
export type CertificateRow = z.infer<typeof certificateRowSchema>;

export const certificateDetailSchema = certificateRowSchema.extend({
  issuedByName: z.string(),
  revokedByName: z.string().nullable(),
  sha256: z.string().describe('证书 PDF 的 SHA-256'),
  fileSize: z.number().int(),
  /** The public verification page's address, as the QR code carries it. */
  verifyUrl: z.string(),
  /** The QR code (PNG, data URL) printed on the PDF. */
  qrCode: z.string(),
  /** The user may revoke it now (authority or administrator, not yet revoked). */
  canRevoke: z.boolean(),
  /** Issue and revocation, as the audit trail records them. */
  records: z.array(
    z.object({
      pkid: id,
      decision: z.number().int(),
      opinion: z.string().nullable(),
      auditorName: z.string().nullable(),
      roleId: z.string().nullable(),
      transferToName: z.null(),
      auditedAt: dateTime,
    }),
  ),
});
export type CertificateDetail = z.infer<typeof certificateDetailSchema>;

/** What the public verification page and call show: never more than the certificate prints. */
export const certificateVerificationSchema = z.object({
  certificateNo: z.string(),
  found: z.boolean(),
  certificate: z
    .object({
      certificateNo: z.string(),
      projectName: z.string(),
      projectNo: z.string(),
      ownerName: z.string(),
      agencyName: z.string().nullable(),
      itemNames: z.array(z.string()),
      issuedAt: dateTime,
      state: z.number().int().describe('1 有效，2 已撤销'),
      revokedAt: dateTime.nullable(),
      revokeReason: z.string().nullable(),
      sha256: z.string(),
    })
    .nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

export const certificateCalls = defineCalls('certificates', {
  list: {
    summary:
      '证书列表（建设单位：本单位项目的；中介机构：本机构的；主管部门、审核人员：全部），可按证书编号、项目名称、年份、状态查询',
    base: 'business',
    path: 'certificate/list',
    method: 'GET',
    input: certificateListSchema,
    output: certificateRowSchema,
    envelope: 'page',
    access: certificateReaders,
    paging: { page: 'page', size: 'rows' },
  },
  exportExcel: {
    summary: '导出证书列表（Excel），筛选条件与列表相同',
    base: 'business',
    path: 'certificate/exportExcel',
    method: 'GET',
    input: certificateExportSchema,
    envelope: 'file',
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    access: certificateReaders,
  },
  get: {
    summary: '证书详情：证书信息、PDF 的 SHA-256、二维码和撤销记录',
    base: 'business',
    path: 'certificate/detail',
    method: 'GET',
    input: certificatePkidSchema,
    output: certificateDetailSchema,
    envelope: 'object',
    access: certificateReaders,
  },
  pdf: {
    summary: '证书 PDF（download=1 下载，否则在浏览器中查看）',
    base: 'business',
    path: 'certificate/pdf',
    method: 'GET',
    input: certificatePdfSchema,
    envelope: 'file',
    produces: 'application/pdf',
    access: certificateReaders,
  },
  revoke: {
    summary: '撤销证书（行业主管部门，须填写撤销原因）',
    base: 'business',
    path: 'certificate/revoke',
    method: 'POST',
    encoding: 'json',
    input: certificateRevokeSchema,
    output: certificateDetailSchema,
    envelope: 'result',
    access: REVOKERS,
  },
  verify: {
    summary: '证书核验（公开）：按证书编号查询证书信息、状态和 PDF 的 SHA-256',
    description: '未知编号答 found=false；已撤销的证书给出撤销日期和原因。按来访地址限流。',
    base: 'business',
    path: 'certificate/verify',
    method: 'GET',
    input: certificateVerifySchema,
    output: certificateVerificationSchema,
    envelope: 'object',
    access: 'public',
  },
});
