/**
 * One list for every kind of credit entry (lost credit, unqualified, blacklists, red list): its
 * filters, its columns, the evidence links, and, for the authority, the form that adds an entry and
 * the action that ends one. The pages of /credit, /blacklist and /personnelblacklist configure it.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { creditCalls, type CreditEntryRow } from '@shared/calls/credit';
import { hallCalls } from '@shared/calls/hall';
import { callUrl } from '@shared/api/call';
import { creditEntryStatusLabels, creditEntryStatuses, type CreditEntryStatus } from '@shared/domain/credit';
import { Button, buttonClass } from '@shared/ui/button';
import {
  creditEndSchema,
  orgCreditAddSchema,
  personBlacklistAddSchema,
  unqualifiedAddSchema,
} from '@shared/validation/credit';
import { documentExtensions, imageExtensions } from '@shared/validation/upload';
import { fieldError, FormDialog, TextField, useContractForm, type FormWith } from '@console/kit/form';
import { FileField } from '@console/kit/file-field';
import { ListPage } from '@console/kit/list-page';
import { useCall, useCallMutation } from '@console/kit/query';
import { type ActionOutcome } from '@console/kit/confirm-action';
import { type Column } from '@console/kit/data-table';
import { useApi } from '@console/lib/api';

type ListCall =
  | typeof creditCalls.queryLose
  | typeof creditCalls.queryUnqualified
  | typeof creditCalls.queryHistoryUnqualified
  | typeof creditCalls.queryBlacklist
  | typeof creditCalls.queryPersonBlacklist
  | typeof creditCalls.redList;

type AddCall =
  | typeof creditCalls.updateLoseAog
  | typeof creditCalls.updateUnqualifiedAog
  | typeof creditCalls.updateBlacklistAog
  | typeof creditCalls.addBlacklist;

const evidenceExtensions = [...new Set([...documentExtensions, ...imageExtensions])];
const statusTone: Record<CreditEntryStatus, string> = {
  active: 'danger',
  expired: 'neutral',
  ended: 'neutral',
};

function Evidence({ row }: { row: CreditEntryRow }) {
  const api = useApi();
  if (row.evidence.length === 0) return <>—</>;
  return (
    <ul className="credit-evidence">
      {row.evidence.map((file) => (
        <li key={file.fileId}>
          <a href={callUrl(api, creditCalls.evidence, { id: file.fileId })} target="_blank" rel="noreferrer">
            {file.fileName}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The three evidence files of a new entry, and the call input they make. */
export function useEvidence() {
  const [files, setFiles] = useState<(File | null)[]>([null, null, null]);
  return {
    choose: (index: number, file: File | null) =>
      setFiles((before) => before.map((old, i) => (i === index ? file : old))),
    input: {
      evidence1: files[0] ?? undefined,
      evidence2: files[1] ?? undefined,
      evidence3: files[2] ?? undefined,
    },
  };
}

export function EvidenceFields({ evidence }: { evidence: ReturnType<typeof useEvidence> }) {
  return (
    <>
      {[0, 1, 2].map((index) => (
        <FileField
          key={index}
          id={`evidence${index + 1}`}
          label={`证据材料 ${index + 1}${index === 0 ? '' : '（可选）'}`}
          allowed={evidenceExtensions}
          onFile={(file) => evidence.choose(index, file)}
        />
      ))}
    </>
  );
}

/** What every entry states: why, and from when to when. */
const periodLabels = { reason: '原因', startDate: '开始日期', endDate: '结束日期' } as const;
/** The period fields of a new entry, empty. */
export const emptyPeriod = { reason: '', startDate: '', endDate: '' };
/** An organization entry's fields with their labels, in the forms' order. */
export const orgEntryLabels = { organizationId: '机构', ...periodLabels } as const;
/** A person entry's fields with their labels, in the forms' order. */
export const personEntryLabels = { personName: '姓名', idCardNo: '身份证号码', ...periodLabels } as const;

function PeriodFields({ form }: { form: FormWith<keyof typeof periodLabels> }) {
  return (
    <>
      <TextField form={form} name="reason" label={periodLabels.reason} multiline />
      <TextField form={form} name="startDate" label={periodLabels.startDate} type="date" />
      <TextField
        form={form}
        name="endDate"
        label={periodLabels.endDate}
        type="date"
        hint="不填表示长期有效，直至撤销"
      />
    </>
  );
}

export function AgencyField({
  form,
  onlyGood,
}: {
  form: FormWith<'organizationId'>;
  /** Only agencies without a flag (the ones a new entry can still restrict). */
  onlyGood?: boolean;
}) {
  const agencies = useCall(hallCalls.agencies, {
    page: 1,
    rows: 100,
    ...(onlyGood ? { credit: 'good' } : {}),
  });
  const options = (agencies.data?.rows ?? []).map((agency) => ({
    value: String(agency.organizationId),
    label: agency.orgName,
  }));
  return <TextField form={form} name="organizationId" label="机构" options={options} />;
}

/**
 * The violation projects of an unqualified entry: the projects the chosen agency worked on
 * (agUnqualified/queryReportProject), checked into the comma-separated `projectIds` field.
 */
function ViolationProjectsField({ form }: { form: FormWith<'organizationId' | 'projectIds'> }) {
  const organizationId = Number(form.watch('organizationId') ?? 0);
  const chosen = String(form.watch('projectIds') ?? '')
    .split(',')
    .filter(Boolean);
  const projects = useCall(
    creditCalls.reportProjects,
    { organizationId, page: 1, rows: 50 },
    { enabled: organizationId > 0 },
  );
  const error = fieldError(form, 'projectIds');
  const toggle = (id: string, on: boolean) =>
    form.setValue('projectIds', (on ? [...chosen, id] : chosen.filter((old) => old !== id)).join(','), {
      shouldDirty: true,
    });
  return (
    <fieldset className="credit-projects" aria-describedby={error ? 'credit-projects-error' : undefined}>
      <legend>违规项目（可选）</legend>
      {organizationId > 0 ? null : <p className="credit-projects__hint">请先选择机构</p>}
      {organizationId > 0 && projects.data && projects.data.rows.length === 0 ? (
        <p className="credit-projects__hint">该机构暂无已委托或已签合同的项目</p>
      ) : null}
      {(organizationId > 0 ? (projects.data?.rows ?? []) : []).map((project) => (
        <label key={project.projectId} className="credit-projects__item">
          <input
            type="checkbox"
            checked={chosen.includes(String(project.projectId))}
            onChange={(event) => toggle(String(project.projectId), event.target.checked)}
          />{' '}
          {project.projectName}（{project.projectNo}）
        </label>
      ))}
      {error ? (
        <p id="credit-projects-error" className="ui-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The fields of an organization entry (dialog and page forms alike). */
export function OrgEntryFields({
  form,
  onlyGood,
}: {
  form: FormWith<keyof typeof orgEntryLabels>;
  onlyGood?: boolean;
}) {
  return (
    <>
      <AgencyField form={form} {...(onlyGood ? { onlyGood } : {})} />
      <PeriodFields form={form} />
    </>
  );
}

/** The fields of a person entry (dialog and page forms alike). */
export function PersonEntryFields({ form }: { form: FormWith<keyof typeof personEntryLabels> }) {
  return (
    <>
      <TextField form={form} name="personName" label={personEntryLabels.personName} />
      <TextField form={form} name="idCardNo" label={personEntryLabels.idCardNo} />
      <PeriodFields form={form} />
    </>
  );
}

function AddOrgEntry({
  call,
  label,
  invalidates,
  onDone,
  withProjects,
}: {
  call: Exclude<AddCall, typeof creditCalls.addBlacklist>;
  label: string;
  invalidates: readonly ListCall[];
  onDone: (outcome: ActionOutcome) => void;
  withProjects?: boolean;
}) {
  // Either schema: the union keeps `projectIds` in the form's type (a conditional would drop it).
  const form = useContractForm<typeof unqualifiedAddSchema | typeof orgCreditAddSchema>(
    withProjects ? unqualifiedAddSchema : orgCreditAddSchema,
    { organizationId: '', ...emptyPeriod, ...(withProjects ? { projectIds: '' } : {}) },
  );
  const evidence = useEvidence();
  const add = useCallMutation(call, { invalidates });
  return (
    <FormDialog
      trigger={<Button>{label}</Button>}
      title={label}
      form={form}
      fields={{ ...orgEntryLabels, ...(withProjects ? { projectIds: '违规项目' } : {}) }}
      onSubmit={async (values) =>
        onDone({
          tone: 'success',
          text: (await add.mutateAsync({ ...values, ...evidence.input })).message,
        })
      }
    >
      <OrgEntryFields form={form} />
      {withProjects ? <ViolationProjectsField form={form} /> : null}
      <EvidenceFields evidence={evidence} />
    </FormDialog>
  );
}

function AddPersonEntry({
  onDone,
  invalidates,
}: {
  onDone: (outcome: ActionOutcome) => void;
  invalidates: readonly ListCall[];
}) {
  const form = useContractForm(personBlacklistAddSchema, { personName: '', idCardNo: '', ...emptyPeriod });
  const evidence = useEvidence();
  const add = useCallMutation(creditCalls.addBlacklist, { invalidates });
  return (
    <FormDialog
      trigger={<Button>人员加入黑名单</Button>}
      title="人员加入黑名单"
      description="按身份证号码登记，在所有机构有效：黑名单中的人员不能被任何机构添加为从业人员。"
      form={form}
      fields={personEntryLabels}
      onSubmit={async (values) =>
        onDone({
          tone: 'success',
          text: (await add.mutateAsync({ ...values, ...evidence.input })).message,
        })
      }
    >
      <PersonEntryFields form={form} />
      <EvidenceFields evidence={evidence} />
    </FormDialog>
  );
}

function EndEntry({
  row,
  person,
  invalidates,
  onDone,
}: {
  row: CreditEntryRow;
  person: boolean;
  invalidates: readonly ListCall[];
  onDone: (outcome: ActionOutcome) => void;
}) {
  const form = useContractForm(creditEndSchema, { pkid: row.pkid, endReason: '' });
  const end = useCallMutation(person ? creditCalls.deleteBlacklist : creditCalls.endCredit, { invalidates });
  const subject = (person ? (row.personName ?? row.orgName) : (row.orgName ?? row.personName)) ?? '';
  return (
    <FormDialog
      trigger={
        // The accessible name starts with the visible words (WCAG 2.5.3, label in name).
        <Button
          size="sm"
          variant="secondary"
          aria-label={person ? `移出黑名单：${subject}` : `撤销 ${subject} 的记录`}
        >
          {person ? '移出黑名单' : '撤销'}
        </Button>
      }
      title={person ? `将 ${subject} 移出黑名单` : `撤销 ${subject} 的记录`}
      form={form}
      fields={{ endReason: '撤销原因' }}
      onSubmit={async (values) => onDone({ tone: 'success', text: (await end.mutateAsync(values)).message })}
    >
      <TextField form={form} name="endReason" label="撤销原因" multiline />
    </FormDialog>
  );
}

export interface CreditEntryListProps {
  title: string;
  description: string;
  call: ListCall;
  /** The add form (authority pages); none on read-only pages. */
  add?: 'lostCredit' | 'unqualified' | 'blacklist' | 'person';
  /** The end action on active rows. */
  canEnd?: boolean;
  person?: boolean;
  intro?: ReactNode;
  /** A column of the violation projects (unqualified entries). */
  withProjects?: boolean;
  /** Namespace of the list's URL keys when the page shows a second list (url-state.ts). */
  urlPrefix?: string;
  /** The add action as a link to a page form instead of the dialog. */
  addLink?: { to: string; label: string };
  /** The person's name links to the entry's detail page (blackListDetail). */
  detailLinks?: boolean;
}

export function CreditEntryList({
  title,
  description,
  call,
  add,
  canEnd,
  person = false,
  intro,
  withProjects,
  urlPrefix,
  addLink,
  detailLinks,
}: CreditEntryListProps) {
  const [feedback, setFeedback] = useState<ActionOutcome | null>(null);
  const invalidates = [call];
  const columns = (
    [
      person
        ? {
            key: 'personName',
            header: '姓名',
            cell: (row) =>
              detailLinks ? (
                <Link to={`/personnelblacklist/blackListDetail?id=${row.pkid}`}>{row.personName ?? '—'}</Link>
              ) : (
                (row.personName ?? '—')
              ),
            nowrap: true,
          }
        : { key: 'orgName', header: '机构名称', cell: (row) => row.orgName ?? '—', wide: true },
      person
        ? { key: 'idCardNo', header: '身份证号码', cell: (row) => row.idCardNo ?? '—', nowrap: true }
        : withProjects
          ? // The violation projects take the legal person's place: the table stays within the page.
            undefined
          : {
              key: 'legalPersonName',
              header: '法定代表人',
              cell: (row) => row.legalPersonName ?? '—',
              nowrap: true,
            },
      { key: 'reason', header: '原因', cell: (row) => row.reason, wide: true },
      ...(withProjects
        ? [
            {
              key: 'projects',
              header: '违规项目',
              cell: (row: CreditEntryRow) =>
                row.projects.length === 0 ? (
                  '—'
                ) : (
                  <ul className="credit-evidence">
                    {row.projects.map((project) => (
                      <li key={project.projectId}>
                        {project.projectName}（{project.projectNo}）
                      </li>
                    ))}
                  </ul>
                ),
            } satisfies Column<CreditEntryRow>,
          ]
        : []),
      { key: 'startDate', header: '开始日期', cell: (row) => row.startDate, nowrap: true },
      { key: 'endDate', header: '结束日期', cell: (row) => row.endDate ?? '长期', nowrap: true },
      {
        key: 'status',
        header: '状态',
        cell: (row) => (
          <span data-slot="status-badge" className={`kit-badge kit-badge--${statusTone[row.status]}`}>
            {creditEntryStatusLabels[row.status]}
          </span>
        ),
        nowrap: true,
      },
      { key: 'decidedByName', header: '认定人', cell: (row) => row.decidedByName ?? '—', nowrap: true },
      { key: 'evidence', header: '证据材料', cell: (row) => <Evidence row={row} /> },
    ] as (Column<CreditEntryRow> | undefined)[]
  ).filter((column): column is Column<CreditEntryRow> => column !== undefined);
  const addForm = addLink ? (
    <Link className={buttonClass()} to={addLink.to}>
      {addLink.label}
    </Link>
  ) : add === 'person' ? (
    <AddPersonEntry onDone={setFeedback} invalidates={invalidates} />
  ) : add === 'lostCredit' ? (
    <AddOrgEntry
      call={creditCalls.updateLoseAog}
      label="认定失信机构"
      invalidates={invalidates}
      onDone={setFeedback}
    />
  ) : add === 'unqualified' ? (
    <AddOrgEntry
      call={creditCalls.updateUnqualifiedAog}
      label="认定不合格机构"
      invalidates={invalidates}
      onDone={setFeedback}
      withProjects
    />
  ) : add === 'blacklist' ? (
    <AddOrgEntry
      call={creditCalls.updateBlacklistAog}
      label="机构加入黑名单"
      invalidates={invalidates}
      onDone={setFeedback}
    />
  ) : undefined;
  return (
    <ListPage
      title={title}
      caption={title}
      description={description}
      intro={intro}
      call={call}
      filters={[
        person ? { name: 'personName', label: '姓名' } : { name: 'orgName', label: '机构名称' },
        {
          name: 'status',
          label: '状态',
          type: 'select',
          options: creditEntryStatuses.map((status) => ({
            value: status,
            label: creditEntryStatusLabels[status],
          })),
        },
      ]}
      columns={columns}
      rowKey={(row) => row.pkid}
      feedback={feedback}
      actions={addForm}
      rowActions={
        canEnd
          ? (row) =>
              row.status === 'active' ? (
                <EndEntry row={row} person={person} invalidates={invalidates} onDone={setFeedback} />
              ) : null
          : undefined
      }
      emptyText="没有符合条件的记录"
      {...(urlPrefix ? { urlPrefix } : {})}
    />
  );
}
