/** Test helpers for staff: the ID card copy an addition needs, and the calls as the staff pages send them. */
import { eq, ne } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { agentStaff } from '@server/db/schema';
import type { SignedInTestApp } from '@server/modules/identity/test-support';
import { AGENCY_ORG_ID } from '@server/seed/demo-context';

/** A small PNG named as an ID card copy. */
export const idCardCopy = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], '身份证.png');

/**
 * A staff call (/smsend/`path`) as `who`: an addition carries the required ID card copy (multipart);
 * other calls are plain forms.
 */
export const staffPost =
  (env: SignedInTestApp) => (who: string, path: string, fields: Record<string, string>) =>
    path === 'agentstaff/add'
      ? env.postMultipart(who, `/smsend/${path}`, fields, { idCardFile: idCardCopy() })
      : env.postForm(who, `/smsend/${path}`, fields);

/** A person of agency01's organization (`own`) or of another agency (`other`), as the demo data has them. */
export async function demoPerson(db: Queryable, whose: 'own' | 'other') {
  const [person] = await db
    .select()
    .from(agentStaff)
    .where((whose === 'own' ? eq : ne)(agentStaff.organizationId, AGENCY_ORG_ID))
    .limit(1);
  return person;
}
