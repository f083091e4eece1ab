/** What every step of a selection leaves behind: a project log line and messages to the parties. */
import type { Queryable } from '@server/db/database';
import { projectLogs } from '@server/db/schema';
import { sendMessage } from '@server/modules/messages';
import { agencyUsers, type DemandInfo, type SelectionActor } from './demand';

const OWNER_LINK = (demandId: number) => `/demandmanger/demandOption?demandId=${demandId}`;
const AGENCY_LINK = '/notdchy/DemandOption';
/** The owner's next step once the agency is selected: the 委托 form of the demand's project. */
export const AUTHORIZE_LINK = (projectId: number) => `/notdchy/DemandDetails?projectId=${projectId}`;

/** A line in the demand's project log at `at`, by `actor` (null: 系统). */
export async function logEvent(
  tx: Queryable,
  demand: DemandInfo,
  content: string,
  actor: SelectionActor | null,
  at: Date,
): Promise<void> {
  // Not a status change (moveProject is for those): a log line with from = to, as DOMAIN.md allows.
  await tx.insert(projectLogs).values({
    projectId: demand.projectId,
    statusFrom: demand.projectStatus,
    statusTo: demand.projectStatus,
    content,
    actorId: actor?.pkid ?? null,
    actorName: actor?.username ?? '系统',
    createdAt: at,
  });
}

/** A message to the demand's owner at `at`, linking to its selection page (or to `link`). */
export async function tellOwner(
  tx: Queryable,
  demand: DemandInfo,
  content: string,
  at: Date,
  link: string = OWNER_LINK(demand.demandId),
): Promise<void> {
  if (demand.ownerUserId) {
    await sendMessage(tx, { toUserId: demand.ownerUserId, content, link, at });
  }
}

/** The same message to each agency's account at `at`, in the order given; returns the agencies' names. */
export async function tellAgencies(
  tx: Queryable,
  ids: number[],
  content: string,
  at: Date,
): Promise<Map<number, { userId: number | null; orgName: string }>> {
  const agencies = await agencyUsers(tx, ids);
  for (const id of ids) {
    const userId = agencies.get(id)?.userId;
    if (userId) await sendMessage(tx, { toUserId: userId, content, link: AGENCY_LINK, at });
  }
  return agencies;
}
