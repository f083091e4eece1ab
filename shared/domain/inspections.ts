/**
 * Random inspections of surveying agencies (双随机、一公开, issue 24; docs/inspections.md). The authority
 * opens a round: the candidates (agencies with work in progress, ids ascending) and the inspector pool
 * (主管部门 accounts, ids ascending) are frozen and a commitment sha256(salt) is published. The draw
 * reveals the salt; the inspected agencies and their inspectors follow from it by the rule below, written
 * here in shared code so the server that draws and anyone checking the public record compute the same:
 *
 *   base = salt + ':' + roundId + ':' + candidates.join(',') + ':' + inspectors.join(',')
 *   h(j) = sha256hex(base + ':' + j)                      j = 0, 1, 2, …
 *   k    = max(1, ceil(share% × candidates.length / 100))  agencies to inspect
 *   agency t (t = 0 … k−1):   from the candidates not yet drawn, take the one at h(t) mod their number;
 *   its inspectors (m = inspectorsPerAgency): from the whole pool, minus those already taken for this
 *   agency, take for s = 0 … m−1 the one at h(k + t·m + s) mod their number.
 *
 * An index is the 256-bit hash as an unsigned integer modulo the list's length (drawIndex, the agency
 * draw's arithmetic). The hashes are passed in (node:crypto on the server, Web Crypto in a browser).
 */
import { drawIndex } from './selection';
import { defineStatusTable } from './status-table';

/** open: commitment published, not drawn; drawn: inspectors record results; published: results public. */
export const inspectionStates = ['open', 'drawn', 'published'] as const;
export type InspectionState = (typeof inspectionStates)[number];

export const inspectionStateLabels: Record<InspectionState, string> = {
  open: '待抽取',
  drawn: '检查中',
  published: '已公开',
};

/** The states as a status table (badges, filters). */
export const inspectionStateTable = defineStatusTable([
  { value: 'open', key: 'open', label: inspectionStateLabels.open, tone: 'warning' },
  { value: 'drawn', key: 'drawn', label: inspectionStateLabels.drawn, tone: 'progress' },
  { value: 'published', key: 'published', label: inspectionStateLabels.published, tone: 'success' },
]);

export const inspectionResults = ['qualified', 'basicallyQualified', 'unqualified'] as const;
export type InspectionResult = (typeof inspectionResults)[number];

export const inspectionResultLabels: Record<InspectionResult, string> = {
  qualified: '合格',
  basicallyQualified: '基本合格',
  unqualified: '不合格',
};

export const inspectionResultTable = defineStatusTable([
  { value: 'qualified', key: 'qualified', label: '合格', tone: 'success' },
  { value: 'basicallyQualified', key: 'basicallyQualified', label: '基本合格', tone: 'warning' },
  { value: 'unqualified', key: 'unqualified', label: '不合格', tone: 'danger' },
]);

/** Inspectors sent to each inspected agency: one or two. */
export const INSPECTORS_PER_AGENCY = [1, 2] as const;

/** How many agencies a round inspects: share% of the candidates, rounded up, at least one. */
export function inspecteeCount(share: number, candidates: number): number {
  if (candidates <= 0) return 0;
  return Math.min(candidates, Math.max(1, Math.ceil((share * candidates) / 100)));
}

/** The public facts a draw is computed from. */
export interface InspectionDrawBasis {
  salt: string;
  roundId: number;
  /** Agency ids, ascending, frozen when the round was opened. */
  candidates: readonly number[];
  /** Inspector account ids, ascending, frozen when the round was opened. */
  inspectors: readonly number[];
  /** Percent, 1 … 100. */
  share: number;
  inspectorsPerAgency: number;
}

/** The exact text hashed for step j of a round's draw. */
export function inspectionHashInput(
  basis: Pick<InspectionDrawBasis, 'salt' | 'roundId' | 'candidates' | 'inspectors'>,
  step: number,
): string {
  return `${basis.salt}:${basis.roundId}:${basis.candidates.join(',')}:${basis.inspectors.join(',')}:${step}`;
}

/** How many hashes a draw takes: one per inspected agency and one per inspector sent. */
export function inspectionDrawSteps(basis: InspectionDrawBasis): number {
  const k = inspecteeCount(basis.share, basis.candidates.length);
  return k + k * Math.min(basis.inspectorsPerAgency, basis.inspectors.length);
}

export interface DrawnInspection {
  organizationId: number;
  /** Inspector account ids in the order drawn. */
  inspectorIds: number[];
}

/**
 * The inspected agencies (in the order drawn) and their inspectors, from the hashes h(0) … h(steps−1)
 * of inspectionHashInput. Pure: the same basis and hashes always give the same answer.
 */
export function deriveInspectionDraw(
  basis: InspectionDrawBasis,
  hashes: readonly string[],
): DrawnInspection[] {
  const k = inspecteeCount(basis.share, basis.candidates.length);
  const m = Math.min(basis.inspectorsPerAgency, basis.inspectors.length);
  if (hashes.length < k + k * m) throw new RangeError('not enough hashes');
  const remaining = [...basis.candidates];
  const drawn: DrawnInspection[] = [];
  for (let t = 0; t < k; t += 1) {
    const [organizationId] = remaining.splice(drawIndex(hashes[t] as string, remaining.length), 1);
    const pool = [...basis.inspectors];
    const inspectorIds: number[] = [];
    for (let s = 0; s < m; s += 1) {
      const [inspector] = pool.splice(drawIndex(hashes[k + t * m + s] as string, pool.length), 1);
      inspectorIds.push(inspector as number);
    }
    drawn.push({ organizationId: organizationId as number, inspectorIds });
  }
  return drawn;
}

/** The derivation rule as the public record states it (console and hall). */
export const INSPECTION_RULE_TEXT = [
  '开启轮次时冻结候选机构（有在办项目的中介机构，编号升序）和检查人员名单（编号升序），并公布承诺值 sha256(salt)；salt 为随机数，抽取前只保存在服务器上。',
  '抽取时公开 salt，任何人可先核对 sha256(salt) 等于承诺值。',
  "记 base = salt + ':' + 轮次编号 + ':' + 候选机构编号用逗号连接 + ':' + 检查人员编号用逗号连接，h(j) = sha256(base + ':' + j)，j 从 0 开始，把 h(j) 看作十六进制整数。",
  '抽查家数 k = 候选家数 × 抽查比例，向上取整，至少 1 家。',
  '第 t 家（t = 0 … k−1）：在尚未抽中的候选机构中取第 h(t) mod 剩余家数 个（从 0 开始数）。',
  '第 t 家的第 s 名检查人员（每家 m 名，s = 0 … m−1）：在该家尚未选中的检查人员中取第 h(k + t×m + s) mod 剩余人数 个。',
] as const;
