/**
 * The hall's notice dialog (spec section 1): it cites the provincial multi-survey management measures
 * and shows on entry unless the page's route meta turns it off. "今日不再提示" stores, in localStorage,
 * the moment the current local day ends; the dialog stays quiet until then.
 */

/** sessionStorage key: the dialog opened on entry in this browser session already (issue 11). */
export const NOTICE_SHOWN_KEY = 'hall.notice.shownThisSession';

/** localStorage key; e2e tests set it to a future timestamp to keep the dialog closed. */
export const NOTICE_MUTE_KEY = 'hall.notice.mutedUntil';

/** Milliseconds since the epoch at the next local midnight after `now`. */
export function endOfLocalDay(now: Date): number {
  const end = new Date(now.getTime());
  end.setHours(24, 0, 0, 0);
  return end.getTime();
}

/** Whether a stored mute value still silences the dialog at `now` (ms). Garbage counts as not muted. */
export function isNoticeMuted(stored: string | null, now: number): boolean {
  if (stored === null || stored.trim() === '') return false;
  const until = Number(stored);
  return Number.isFinite(until) && until > now;
}
