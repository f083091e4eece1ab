/**
 * Test helpers for agencies: the registration form an agency sends when it changes or resubmits its
 * organization.
 */

/** The registration fields of an agency's forms (apply, update, change request), but the scope. */
const registrationFields = [
  'orgName',
  'credential',
  'legalPersonName',
  'registrationOrgan',
  'qualificationCertNo',
  'qualificationGrade',
  'districtCode',
  'address',
  'contactName',
  'contactPhone',
  'email',
  'introduction',
] as const;

/**
 * A multipart POST of the agency `org` as agentorg/querySelf answers it (the fields it has), with
 * `fields` set over it: the organization resubmitted or changed in `fields` only.
 */
export function agencyForm(org: Record<string, unknown>, fields: Record<string, string | File>): RequestInit {
  const body = new FormData();
  for (const key of registrationFields)
    if (org[key] !== undefined && org[key] !== null) body.set(key, String(org[key]));
  body.set('businessScope', (org.businessScope as number[]).join(','));
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return { method: 'POST', body };
}
