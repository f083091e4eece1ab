/**
 * Recomputing a round's draw in this browser (Web Crypto), from its public record only: the salt
 * against the commitment, then the drawn agencies and inspectors by shared/domain/inspections.ts.
 */
import type { InspectionPublic } from '@shared/calls/inspections';
import {
  deriveInspectionDraw,
  inspectionDrawSteps,
  inspectionHashInput,
  type InspectionDrawBasis,
} from '@shared/domain/inspections';

async function sha256hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The public facts the draw is computed from. */
export function drawBasis(record: InspectionPublic, salt: string): InspectionDrawBasis {
  return {
    salt,
    roundId: record.id,
    candidates: record.candidates.map((c) => c.organizationId),
    inspectors: record.inspectors.map((p) => p.userId),
    share: record.share,
    inspectorsPerAgency: record.inspectorsPerAgency,
  };
}

/** null when the record checks out, else what differs. */
export async function verifyInspectionDraw(record: InspectionPublic): Promise<string | null> {
  if (!record.salt || !record.drawn) return '尚未抽取';
  if ((await sha256hex(record.salt)) !== record.commitment) return '随机数与承诺值不符';
  const basis = drawBasis(record, record.salt);
  const hashes = await Promise.all(
    Array.from({ length: inspectionDrawSteps(basis) }, (_, step) =>
      sha256hex(inspectionHashInput(basis, step)),
    ),
  );
  const expected = deriveInspectionDraw(basis, hashes);
  const shown = record.drawn.map((row) => ({
    organizationId: row.organizationId,
    inspectorIds: row.inspectors.map((p) => p.userId),
  }));
  return JSON.stringify(expected) === JSON.stringify(shown) ? null : '计算出的抽查对象或检查人员与公示不符';
}
