/**
 * The credit grade rule in force (shared/domain/credit-score.ts CreditGradeRule; configured by
 * CREDIT_GRADE_FLOORS, CREDIT_UNSELECTABLE_GRADES and CREDIT_DIRECT_CHOICE_GRADES in server/config.ts).
 *
 * One way only: the composition root installs the configured rule when it builds a context's
 * services (withServices, server/services.ts), as it installs the review hooks, and everything that
 * grades or selects reads it here: the recount (refreshCreditScores, from every module whose event
 * moves a score, the seed and the nightly check), agencySelectableCondition, and what shows the rule
 * (jn_credit/score, the hall's pages through server/hall-reads.ts). The recount is called with a
 * transaction from many modules; giving each call the rule would thread the configuration through
 * all of them for a value that is the same for the whole process. Until a context is built (a bare
 * script), the default rule holds. A process runs one configuration; a test file that configures
 * another rule builds its context with it (createTestContext's env), which installs it for that file.
 */
import { DEFAULT_CREDIT_GRADE_RULE, type CreditGradeRule } from '@shared/domain/credit-score';

let installed: CreditGradeRule = DEFAULT_CREDIT_GRADE_RULE;

/** Called by the composition root with the configured rule (config.creditGradeRule). */
export function installCreditGradeRule(rule: CreditGradeRule): void {
  installed = rule;
}

/** The rule agencies are graded and selected by. */
export function creditGradeRule(): CreditGradeRule {
  return installed;
}
