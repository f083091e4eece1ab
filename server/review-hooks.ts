/**
 * What the review engine needs of each reviewed kind, listed once at the composition root (decision
 * 0009): every domain declares beside its service what a decision does to its rows (its hooks) and how
 * its rows read as review items (its item sources), and these lists hand them to the review engine
 * (server/modules/review) and to the backfill (server/db/review-items.ts), which import no domain. A
 * kind without rows of its own to touch says `null`.
 */
import { agencyReviewHooks, agencyReviewItems } from '@server/modules/agencies';
import { authorizationReviewHooks, authorizationReviewItems } from '@server/modules/authorizations';
import { constructionReviewHooks, constructionReviewItems } from '@server/modules/construction';
import { contractReviewHooks, contractReviewItems } from '@server/modules/contracts';
import { evaluationReviewHooks } from '@server/modules/evaluations';
import { offlineReviewHooks, offlineReviewItems } from '@server/modules/offline';
import { projectReviewHooks, projectReviewItems } from '@server/modules/projects';
import { registerNamedReviewers, registerReviewHooks } from '@server/modules/review';
import { resultReviewHooks, resultReviewItems } from '@server/modules/results';
import { shareNamedReviewers, sharingReviewHooks } from '@server/modules/sharing';
import { staffReviewHooks, staffReviewItems } from '@server/modules/staff';
import type { ReviewItemSources } from '@server/db/review-items';

export const reviewHooks = {
  ...agencyReviewHooks,
  ...staffReviewHooks,
  ...constructionReviewHooks,
  ...contractReviewHooks,
  ...authorizationReviewHooks,
  ...projectReviewHooks,
  ...offlineReviewHooks,
  ...resultReviewHooks,
  ...sharingReviewHooks,
  ...evaluationReviewHooks,
};

/** Every kind's rows as review items, for putting rows that exist under review (the demo seed). */
export const reviewItemSources: ReviewItemSources = {
  ...agencyReviewItems,
  ...constructionReviewItems,
  ...staffReviewItems,
  ...contractReviewItems,
  ...projectReviewItems,
  ...authorizationReviewItems,
  ...offlineReviewItems,
  ...resultReviewItems,
};

/** Hands the hooks to the engine; called by the composition root before any decision (services.ts). */
export function installReviewHooks(): void {
  registerReviewHooks(reviewHooks);
  registerNamedReviewers(shareNamedReviewers);
}
