import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  CREDIT_SCORE_BASE,
  creditGradeOf,
  creditGrades,
  DEFAULT_CREDIT_GRADE_RULE,
} from '@shared/domain/credit-score';
import { auditStatus, gender, qualificationGrade } from '@shared/domain/statuses';
import { users } from './accounts';
import type { AttachmentRef, StaffFields } from '@shared/domain/staff';
import { checkIn, timestamps, timestamptz } from './columns';
import { districts } from './reference';
import { registrationColumns, registrationConstraints } from './registration';

/**
 * Surveying agencies (spec: organizationId, orgName, registrationOrgan, credential, legalPersonName,
 * auditStatus). businessScope holds survey item ids (shared/domain/stages.ts). Credit flags: lost credit,
 * unqualified, blacklisted (with reason and period); a flagged agency cannot be chosen for new demands.
 * An agency account registers its own and it is reviewed as a registration (registration.ts).
 */
export const agentOrganizations = pgTable(
  'agent_organizations',
  {
    organizationId: integer('organization_id').primaryKey().generatedByDefaultAsIdentity(),
    ...registrationColumns(),
    orgName: text('org_name').notNull(),
    /** Unified social credit code (统一社会信用代码). */
    credential: text('credential'),
    registrationOrgan: text('registration_organ'),
    legalPersonName: text('legal_person_name'),
    qualificationGrade: smallint('qualification_grade'),
    qualificationCertNo: text('qualification_cert_no'),
    qualificationValidUntil: date('qualification_valid_until', { mode: 'string' }),
    businessScope: integer('business_scope')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    districtCode: text('district_code').references(() => districts.districtCode, { onDelete: 'set null' }),
    address: text('address'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    email: text('email'),
    employeeCount: integer('employee_count'),
    establishedOn: date('established_on', { mode: 'string' }),
    introduction: text('introduction'),
    isLostCredit: boolean('is_lost_credit').notNull().default(false),
    lostCreditReason: text('lost_credit_reason'),
    isUnqualified: boolean('is_unqualified').notNull().default(false),
    unqualifiedReason: text('unqualified_reason'),
    isBlacklisted: boolean('is_blacklisted').notNull().default(false),
    blacklistReason: text('blacklist_reason'),
    blacklistStart: date('blacklist_start', { mode: 'string' }),
    blacklistEnd: date('blacklist_end', { mode: 'string' }),
    /**
     * The credit score and its grade (shared/domain/credit-score.ts), derived from the agency's events
     * by server/modules/credit/score.ts only; each change is a row of credit_score_changes. The grade's
     * default is the base score's under the default rule; under a configured rule the next recount
     * (at the latest the nightly check) grades the agency.
     */
    creditScore: smallint('credit_score').notNull().default(CREDIT_SCORE_BASE),
    creditGrade: text('credit_grade')
      .notNull()
      .default(creditGradeOf(CREDIT_SCORE_BASE, DEFAULT_CREDIT_GRADE_RULE)),
    ...timestamps(),
  },
  (t) => [
    ...registrationConstraints('agent_organizations', t),
    checkIn('agent_organizations_credit_grade_check', t.creditGrade, creditGrades),
    checkIn('agent_organizations_qualification_grade_check', t.qualificationGrade, qualificationGrade.values),
    check(
      'agent_organizations_blacklist_period_check',
      sql`${t.blacklistEnd} is null or ${t.blacklistStart} is null or ${t.blacklistEnd} >= ${t.blacklistStart}`,
    ),
    index('agent_organizations_district_code_idx').on(t.districtCode),
    index('agent_organizations_org_name_idx').on(t.orgName),
    index('agent_organizations_created_at_idx').on(t.createdAt),
    index('agent_organizations_credential_idx').on(t.credential),
    index('agent_organizations_legal_person_name_idx').on(t.legalPersonName),
    index('agent_organizations_business_scope_idx').using('gin', t.businessScope),
  ],
);

/** An agency's staff; a person can be blacklisted individually. */
export const agentStaff = pgTable(
  'agent_staff',
  {
    staffId: integer('staff_id').primaryKey().generatedByDefaultAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => agentOrganizations.organizationId, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.pkid, { onDelete: 'set null' }),
    name: text('name').notNull(),
    gender: smallint('gender'),
    idCardNo: text('id_card_no'),
    phone: text('phone'),
    education: text('education'),
    major: text('major'),
    title: text('title'),
    certificateNo: text('certificate_no'),
    post: text('post'),
    auditStatus: smallint('audit_status').notNull().default(0),
    isBlacklisted: boolean('is_blacklisted').notNull().default(false),
    blacklistReason: text('blacklist_reason'),
    blacklistStart: date('blacklist_start', { mode: 'string' }),
    blacklistEnd: date('blacklist_end', { mode: 'string' }),
    /** Deleted by the agency: gone from every list, still readable from its history (review records). */
    deletedAt: timestamptz('deleted_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('agent_staff_audit_status_check', t.auditStatus, auditStatus.values),
    checkIn('agent_staff_gender_check', t.gender, gender.values),
    check(
      'agent_staff_blacklist_period_check',
      sql`${t.blacklistEnd} is null or ${t.blacklistStart} is null or ${t.blacklistEnd} >= ${t.blacklistStart}`,
    ),
    uniqueIndex('agent_staff_user_id_key').on(t.userId),
    index('agent_staff_organization_id_idx').on(t.organizationId),
    index('agent_staff_audit_status_idx').on(t.auditStatus),
    index('agent_staff_name_idx').on(t.name),
    index('agent_staff_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Construction owners' units (spec: constructionId, legalpersonname, auditstatus). An owner account
 * registers its own and it is verified as a registration (registration.ts).
 */
export const constructionUnits = pgTable(
  'construction_units',
  {
    constructionId: integer('construction_id').primaryKey().generatedByDefaultAsIdentity(),
    ...registrationColumns(),
    name: text('name').notNull(),
    /** Unified social credit code. */
    creditCode: text('credit_code'),
    legalPersonName: text('legal_person_name'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    address: text('address'),
    districtCode: text('district_code').references(() => districts.districtCode, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    ...registrationConstraints('construction_units', t),
    index('construction_units_name_idx').on(t.name),
    index('construction_units_district_code_idx').on(t.districtCode),
    index('construction_units_created_at_idx').on(t.createdAt),
  ],
);

/**
 * A change of an approved person: a full copy of the person's fields with the edits (`data`). The
 * person's row stays in force until a reviewer approves; the approval copies `data` over it (the
 * staff_change kind's hook, server/modules/staff/review-hooks.ts). At most one open request per person.
 */
export const agentStaffChanges = pgTable(
  'agent_staff_changes',
  {
    pkid: integer('pkid').primaryKey().generatedByDefaultAsIdentity(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => agentStaff.staffId, { onDelete: 'cascade' }),
    applicantId: integer('applicant_id').references(() => users.pkid, { onDelete: 'set null' }),
    /** The fields as they were when the change was asked for (the reviewers' left column). */
    before: jsonb('before').$type<StaffFields>().notNull(),
    data: jsonb('data').$type<StaffFields>().notNull(),
    /** The person's attachments when the change was asked for, and the set the change puts in force. */
    beforeFiles: jsonb('before_files').$type<AttachmentRef[]>().notNull().default([]),
    dataFiles: jsonb('data_files').$type<AttachmentRef[]>().notNull().default([]),
    auditStatus: smallint('audit_status').notNull().default(0),
    appliedAt: timestamptz('applied_at'),
    ...timestamps(),
  },
  (t) => [
    checkIn('agent_staff_changes_audit_status_check', t.auditStatus, auditStatus.values),
    index('agent_staff_changes_staff_id_idx').on(t.staffId, t.createdAt),
    uniqueIndex('agent_staff_changes_open_key')
      .on(t.staffId)
      .where(sql`${t.auditStatus} in (0, 1)`),
  ],
);
