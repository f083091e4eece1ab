import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  auditStatus,
  authorizationState,
  contractStatus,
  projectStatus,
  resultAcceptance,
} from '@shared/domain/statuses';
import { users } from './accounts';
import { checkIn, timestamps, timestamptz } from './columns';
import { files } from './content';
import { govAttachmentKind } from '@shared/domain/contracts';
import type { ContractChangeFields } from '@shared/domain/contract-changes';
import { agentOrganizations, constructionUnits } from './parties';
import { districts, stages, surveyItems } from './reference';

/**
 * Construction projects (spec: pkid, projectName, projectNo, centralCode, localCode, status,
 * auditStatus). Status values: shared/domain/statuses.ts projectStatus; 9 needs a termination reason.
 */
export const projects = pgTable(
  'projects',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    projectName: text('project_name').notNull(),
    projectNo: text('project_no').notNull(),
    /** Code on the national investment-project approval platform. */
    centralCode: text('central_code'),
    localCode: text('local_code'),
    constructionId: integer('construction_id')
      .notNull()
      .references(() => constructionUnits.constructionId),
    districtCode: text('district_code')
      .notNull()
      .references(() => districts.districtCode),
    address: text('address'),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    projectType: text('project_type'),
    fundingParty: text('funding_party'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    /** 万元 */
    totalInvestment: doublePrecision('total_investment'),
    landArea: doublePrecision('land_area'),
    buildingArea: doublePrecision('building_area'),
    status: smallint('status').notNull().default(0),
    auditStatus: smallint('audit_status').notNull().default(0),
    terminationReason: text('termination_reason'),
    releasedAt: timestamptz('released_at'),
    completedAt: timestamptz('completed_at'),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    checkIn('projects_status_check', t.status, projectStatus.values),
    checkIn('projects_audit_status_check', t.auditStatus, auditStatus.values),
    check('projects_termination_reason_check', sql`${t.status} <> 9 or ${t.terminationReason} is not null`),
    check(
      'projects_location_check',
      sql`(${t.lon} is null) = (${t.lat} is null) and (${t.lon} is null or (${t.lon} between -180 and 180 and ${t.lat} between -90 and 90))`,
    ),
    uniqueIndex('projects_project_no_key').on(t.projectNo),
    index('projects_status_idx').on(t.status),
    index('projects_audit_status_idx').on(t.auditStatus),
    index('projects_district_code_idx').on(t.districtCode),
    index('projects_construction_id_idx').on(t.constructionId),
    index('projects_created_at_idx').on(t.createdAt),
    index('projects_project_name_idx').on(t.projectName),
    index('projects_central_code_idx').on(t.centralCode),
    index('projects_lon_lat_idx').on(t.lon, t.lat),
  ],
);

/** A released survey demand: one stage of a project, with its items (projectStageItems). */
export const projectDemands = pgTable(
  'project_demands',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    stageId: integer('stage_id')
      .notNull()
      .references(() => stages.stageId),
    /** Mirrors the project's status while this demand is the current one (projectStatus values). */
    status: smallint('status').notNull().default(0),
    fundingParty: text('funding_party'),
    remark: text('remark'),
    deadline: date('deadline', { mode: 'string' }),
    releasedAt: timestamptz('released_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('project_demands_status_check', t.status, projectStatus.values),
    index('project_demands_project_id_idx').on(t.projectId, t.stageId),
    // One comprehensive demand per project, stage and funding party (spec section 1): two owners' tabs
    // adding the same stage at once get one demand, the second insert fails and is answered 409.
    uniqueIndex('project_demands_project_stage_funding_key').on(t.projectId, t.stageId, t.fundingParty),
    index('project_demands_status_idx').on(t.status),
    index('project_demands_created_at_idx').on(t.createdAt),
  ],
);

/** Survey items of a demand, each with its result acceptance state. */
export const projectStageItems = pgTable(
  'project_stage_items',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => surveyItems.itemId),
    resultAcceptance: smallint('result_acceptance').notNull().default(0),
  },
  (t) => [
    checkIn('project_stage_items_result_acceptance_check', t.resultAcceptance, resultAcceptance.values),
    uniqueIndex('project_stage_items_demand_item_key').on(t.demandId, t.itemId),
    index('project_stage_items_project_id_idx').on(t.projectId),
    index('project_stage_items_item_id_idx').on(t.itemId),
  ],
);

/** The agency an owner authorized for a demand, and the agency's answer. */
export const projectAuthorizations = pgTable(
  'project_authorizations',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    demandId: integer('demand_id')
      .notNull()
      .references(() => projectDemands.pkid, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    state: smallint('state').notNull().default(0),
    reason: text('reason'),
    authorizedBy: integer('authorized_by').references(() => users.pkid, { onDelete: 'set null' }),
    authorizedAt: timestamptz('authorized_at').notNull().defaultNow(),
    respondedAt: timestamptz('responded_at'),
    /** The agency's answer is due (service deadline 'authorization', server/modules/deadlines). */
    dueAt: timestamptz('due_at'),
    remindAt: timestamptz('remind_at'),
    remindedAt: timestamptz('reminded_at'),
  },
  (t) => [
    checkIn('project_authorizations_state_check', t.state, authorizationState.values),
    index('project_authorizations_demand_id_idx').on(t.demandId),
    index('project_authorizations_project_id_idx').on(t.projectId),
    index('project_authorizations_organization_id_idx').on(t.organizationId, t.state),
    index('project_authorizations_remind_idx').on(t.remindAt),
  ],
);

/**
 * Contract templates (issue 14): rich text (sanitized like notices) with {{placeholders}}, one line of
 * versions per category (the approval stage of the survey items). Saving never edits a version: it
 * adds the next one, so every contract's `templateId` keeps pointing at the text it was drafted from.
 */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    templateId: integer('template_id').primaryKey().generatedByDefaultAsIdentity(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => stages.stageId),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    remark: text('remark'),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('contract_templates_version_check', sql`${t.version} >= 1`),
    uniqueIndex('contract_templates_stage_version_key').on(t.stageId, t.version),
  ],
);

/** Survey contracts; `status` is the contract's life, `auditStatus` its filing audit. */
export const contracts = pgTable(
  'contracts',
  {
    contractId: integer('contract_id').primaryKey().generatedByDefaultAsIdentity(),
    contractNo: text('contract_no').notNull(),
    contractName: text('contract_name').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    demandId: integer('demand_id').references(() => projectDemands.pkid, { onDelete: 'set null' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId),
    constructionId: integer('construction_id')
      .notNull()
      .references(() => constructionUnits.constructionId),
    /** 元, exact: read and written as a decimal string (shared/money.ts), never a float. */
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }),
    status: smallint('status').notNull().default(0),
    auditStatus: smallint('audit_status').notNull().default(0),
    signedOn: date('signed_on', { mode: 'string' }),
    filedAt: timestamptz('filed_at'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The template version the contract was drafted from (its PDF is rendered from that text). */
    templateId: integer('template_id').references(() => contractTemplates.templateId),
    /** 备案编号, given when the filing is approved. */
    filingNo: text('filing_no'),
    /** Under government procurement (政府采购): carries its procurement documents. */
    isGovPurchase: boolean('is_gov_purchase').notNull().default(false),
    /** The accepted authorization the contract was drafted from (contract/add); one contract each. */
    authorizationId: integer('authorization_id').references(() => projectAuthorizations.pkid, {
      onDelete: 'set null',
    }),
    /** The survey schedule and the payment terms the agency enters (a filing change may change them). */
    startOn: date('start_on', { mode: 'string' }),
    endOn: date('end_on', { mode: 'string' }),
    paymentTerms: text('payment_terms'),
    /** The owner's last return (退回修改) with its reason; cleared when the owner confirms. */
    returnReason: text('return_reason'),
    returnedAt: timestamptz('returned_at'),
    returnedBy: integer('returned_by').references(() => users.pkid, { onDelete: 'set null' }),
    /** The owner's confirmation (甲方确认): who, when and the SMS code entered. */
    ownerConfirmedBy: integer('owner_confirmed_by').references(() => users.pkid, { onDelete: 'set null' }),
    ownerConfirmedName: text('owner_confirmed_name'),
    ownerConfirmedAt: timestamptz('owner_confirmed_at'),
    ownerSmsCode: text('owner_sms_code'),
    /** The agency's confirmation (乙方确认) when it submits the filing: who, when and the SMS code. */
    agencyConfirmedBy: integer('agency_confirmed_by').references(() => users.pkid, { onDelete: 'set null' }),
    agencyConfirmedName: text('agency_confirmed_name'),
    agencyConfirmedAt: timestamptz('agency_confirmed_at'),
    agencySmsCode: text('agency_sms_code'),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check(
      'contracts_schedule_check',
      sql`${t.endOn} is null or ${t.startOn} is null or ${t.endOn} >= ${t.startOn}`,
    ),
    uniqueIndex('contracts_authorization_id_key').on(t.authorizationId),
    checkIn('contracts_status_check', t.status, contractStatus.values),
    checkIn('contracts_audit_status_check', t.auditStatus, auditStatus.values),
    check('contracts_amount_check', sql`${t.amount} is null or ${t.amount} >= 0`),
    uniqueIndex('contracts_contract_no_key').on(t.contractNo),
    index('contracts_project_id_idx').on(t.projectId),
    index('contracts_organization_id_idx').on(t.organizationId),
    index('contracts_construction_id_idx').on(t.constructionId),
    index('contracts_status_idx').on(t.status),
    index('contracts_audit_status_idx').on(t.auditStatus),
    index('contracts_created_at_idx').on(t.createdAt),
    index('contracts_gov_purchase_idx').on(t.isGovPurchase, t.signedOn),
    uniqueIndex('contracts_filing_no_key').on(t.filingNo),
  ],
);

/**
 * Filing changes (备案变更) of filed contracts (issue 14): a party asks with a full copy of the
 * changeable fields carrying the edits (`data`) beside the fields as they were (`before`); the contract
 * stays as filed until a reviewer approves, and the approval copies `data` over it
 * (server/modules/review/change-tables.ts). Every change is kept, so each earlier version of the
 * contract stays readable in its change. At most one open (draft or pending) change per contract.
 */
export const contractChanges = pgTable(
  'contract_changes',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    applicantId: integer('applicant_id').references(() => users.pkid, { onDelete: 'set null' }),
    before: jsonb('before').$type<ContractChangeFields>().notNull(),
    data: jsonb('data').$type<ContractChangeFields>().notNull(),
    reason: text('reason'),
    auditStatus: smallint('audit_status').notNull().default(0),
    appliedAt: timestamptz('applied_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('contract_changes_audit_status_check', t.auditStatus, auditStatus.values),
    index('contract_changes_contract_id_idx').on(t.contractId, t.createdAt),
    index('contract_changes_audit_status_idx').on(t.auditStatus),
    uniqueIndex('contract_changes_open_key')
      .on(t.contractId)
      .where(sql`${t.auditStatus} in (0, 1)`),
  ],
);

/** Procurement documents of a government-purchase contract (saveGovAttachments). */
export const contractGovAttachments = pgTable(
  'contract_gov_attachments',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    kind: smallint('kind').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    createdBy: integer('created_by').references(() => users.pkid, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('contract_gov_attachments_kind_check', t.kind, govAttachmentKind.values),
    index('contract_gov_attachments_contract_id_idx').on(t.contractId, t.kind),
    index('contract_gov_attachments_file_id_idx').on(t.fileId),
  ],
);

/** One line per project status change (and other notable project events, with statusFrom = statusTo). */
export const projectLogs = pgTable(
  'project_logs',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.pkid, { onDelete: 'cascade' }),
    statusFrom: smallint('status_from'),
    statusTo: smallint('status_to').notNull(),
    content: text('content').notNull(),
    actorId: integer('actor_id').references(() => users.pkid, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    checkIn('project_logs_status_to_check', t.statusTo, projectStatus.values),
    index('project_logs_project_id_idx').on(t.projectId, t.createdAt),
  ],
);
