/**
 * Demo staff changes and a deleted person, so every staff state is on screen: the demo agency has a
 * pending change (in the authority's 人员变更审核 to-do), an applied one and a rejected one, and one
 * person it deleted (gone from the lists, readable from its history). Built from the seeded staff
 * alone, so the data stays deterministic.
 */
import type { StaffFields } from '@shared/domain/staff';
import type * as schema from '@server/db/schema';
import { AGENCY_ORG_ID, DAY, type DemoContext, type Insert } from './demo-context';
import type { DemoParties } from './demo-parties';
import type { DemoFile } from './demo';
import { pdfDocument } from './documents';

type StaffRow = Insert<typeof schema.agentStaff>;

const fieldsOf = (staff: StaffRow): StaffFields => ({
  name: staff.name,
  idCardNo: staff.idCardNo ?? null,
  phone: staff.phone ?? null,
  title: staff.title ?? null,
  certificateNo: staff.certificateNo ?? null,
  post: staff.post ?? null,
});

export function demoStaffChanges(c: DemoContext, parties: DemoParties) {
  const owner = parties.agentOrganizations.find((org) => org.organizationId === AGENCY_ORG_ID);
  // Approved people of the demo agency without a login (the staff account's person stays as it is).
  const approved = parties.agentStaff.filter(
    (staff) => staff.organizationId === AGENCY_ORG_ID && staff.auditStatus === 2 && !staff.userId,
  );
  const changes: Insert<typeof schema.agentStaffChanges>[] = [];
  const plans = [
    { status: 1, days: 1, edit: { title: '高级工程师', post: '项目负责人' } },
    { status: 2, days: 30, edit: { phone: '13905310001' } },
    { status: 3, days: 20, edit: { certificateNo: 'ZC0000000000' } },
  ] as const;
  plans.forEach((plan, index) => {
    const staff = approved[index];
    if (!staff || !owner) return;
    const before = fieldsOf(staff);
    const askedAt = c.ago(plan.days * DAY);
    const decidedAt = c.ago(plan.days * DAY - 6 * 3600_000);
    const data = { ...before, ...plan.edit };
    changes.push({
      pkid: changes.length + 1,
      staffId: staff.staffId as number,
      applicantId: owner.userId ?? null,
      before,
      data,
      auditStatus: plan.status,
      appliedAt: plan.status === 2 ? decidedAt : null,
      createdAt: askedAt,
      updatedAt: plan.status === 1 ? askedAt : decidedAt,
    });
    // An applied change is the person's data now.
    if (plan.status === 2) Object.assign(staff, data);
  });
  // The next approved person was deleted by the agency a week ago.
  const deleted = approved[plans.length];
  if (deleted) deleted.deletedAt = c.ago(7 * DAY);
  return changes;
}

/**
 * The demo agency's people carry their ID card copy (and certificate, when they have a certificate
 * number), so reviewers see attachments previewed on the staff pages. File ids are derived from the
 * person's id rather than drawn from the random sequence: adding them shifts no other demo data.
 */
export function demoStaffAttachments(c: DemoContext, parties: DemoParties) {
  const files: DemoFile[] = [];
  const attachments: Insert<typeof schema.agentStaffAttachments>[] = [];
  const people = parties.agentStaff.filter((staff) => staff.organizationId === AGENCY_ORG_ID);
  for (const staff of people) {
    const staffId = staff.staffId as number;
    const createdAt = (staff.createdAt as Date | undefined) ?? c.ago(60 * DAY);
    const documents = [
      {
        kind: 1,
        id: `5f0e0001-0000-4000-8000-${String(staffId).padStart(12, '0')}`,
        doc: pdfDocument(`${staff.name}身份证复印件.pdf`, '居民身份证（复印件）', [
          `姓名：${staff.name}`,
          `公民身份号码：${staff.idCardNo ?? ''}`,
        ]),
      },
      ...(staff.certificateNo
        ? [
            {
              kind: 2,
              id: `5f0e0002-0000-4000-8000-${String(staffId).padStart(12, '0')}`,
              doc: pdfDocument(`${staff.name}职业资格证书.pdf`, '职业资格证书', [
                `姓名：${staff.name}`,
                `证书编号：${staff.certificateNo}`,
                `职称：${staff.title ?? ''}`,
              ]),
            },
          ]
        : []),
    ];
    for (const { kind, id, doc } of documents) {
      files.push({ ...doc, id, createdAt });
      attachments.push({ pkid: attachments.length + 1, staffId, kind, fileId: id, createdAt });
    }
  }
  return { files, attachments };
}
