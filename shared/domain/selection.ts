/**
 * Selecting the agency of a released demand (issue 13, "Selection, three methods"): the methods, the
 * states of a selection, and the verifiable draw's arithmetic. The draw is written here, in shared
 * code, so the server that draws and anyone who checks a published record compute the same thing:
 *
 *   winner = candidates[ BigInt('0x' + sha256hex(salt + ':' + demandId + ':' + candidates.join(','))) % n ]
 *
 * The hash itself is passed in (node:crypto on the server, Web Crypto or any sha256 tool elsewhere).
 */
export const selectionMethods = ['direct', 'draw', 'price'] as const;
export type SelectionMethod = (typeof selectionMethods)[number];

export const selectionMethodLabels: Record<SelectionMethod, string> = {
  direct: '直接选取',
  draw: '随机抽取',
  price: '比选报价',
};

export const selectionMethodHints: Record<SelectionMethod, string> = {
  direct: '从符合条件的中介机构中直接选定一家，可参考其成果通过率和在办项目数。',
  draw: '系统在符合条件的中介机构中随机抽取一家，抽取过程公开，任何人都可以复核。',
  price: '邀请符合条件的中介机构在截止时间前报价，截止时报价最低者中选；报价相同的由随机抽取决定。',
};

/**
 * open: method chosen, nobody selected yet (direct, draw); quoting: price comparison before its
 * deadline; insufficient: the deadline passed with fewer than 3 valid quotes, the owner decides
 * (extend once, switch to direct, or take the lowest); done: the winner is recorded.
 */
export const selectionStates = ['open', 'quoting', 'insufficient', 'done'] as const;
export type SelectionState = (typeof selectionStates)[number];

export const selectionStateLabels: Record<SelectionState, string> = {
  open: '待选取',
  quoting: '报价中',
  insufficient: '报价不足',
  done: '已选定',
};

/** Fewer valid quotes than this at the deadline leave the choice to the owner. */
export const MIN_QUOTES = 3;

/** The default quoting period when the owner gives no deadline. */
export const DEFAULT_QUOTE_DAYS = 5;

/** The exact text that is hashed for a draw. */
export function drawHashInput(salt: string, demandId: number, candidates: readonly number[]): string {
  return `${salt}:${demandId}:${candidates.join(',')}`;
}

/** The candidates' order for a draw: ids ascending, without duplicates. */
export function frozenCandidates(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** The winner's index: the 256-bit hash as an unsigned integer, modulo the number of candidates. */
export function drawIndex(hashHex: string, n: number): number {
  if (n <= 0) throw new RangeError('no candidates');
  return Number(BigInt(`0x${hashHex}`) % BigInt(n));
}

/** The winner, given the sha256 (hex) of drawHashInput(salt, demandId, candidates). */
export function drawWinner(hashHex: string, candidates: readonly number[]): number {
  return candidates[drawIndex(hashHex, candidates.length)] as number;
}

/** Whether a price comparison's amount is valid: 0.01 … 999,999,999,999.99 with at most 2 decimals. */
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
