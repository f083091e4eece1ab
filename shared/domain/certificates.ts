/**
 * Certificates (DOMAIN.md "The second half of the process"): issued when a project's results are
 * accepted (project 6 → 7), numbered YZCG<year><6 digits> per year without gaps, revocable by the
 * competent authority with a reason. The public verification page is linked from each certificate's
 * QR code.
 */
import { defineStatusTable } from './status-table';

export const certificateState = defineStatusTable([
  { value: 1, key: 'issued', label: '有效', tone: 'success' },
  { value: 2, key: 'revoked', label: '已撤销', tone: 'danger' },
]);
export type CertificateState = (typeof certificateState.values)[number];

/** YZCG2026000001: the prefix, the year of issue and the year's sequence, six digits. */
export const CERTIFICATE_NO_PATTERN = /^YZCG\d{4}\d{6}$/;

export function certificateNo(year: number, sequence: number): string {
  return `YZCG${year}${String(sequence).padStart(6, '0')}`;
}

/** The public hall page that verifies a certificate (hall/pages/certificate/verify.astro). */
export const CERTIFICATE_VERIFY_PATH = '/certificate/verify';

/** The verification page of a number, as a path (the QR code carries it after the public origin). */
export function certificateVerifyPath(no: string): string {
  return `${CERTIFICATE_VERIFY_PATH}?no=${encodeURIComponent(no)}`;
}
