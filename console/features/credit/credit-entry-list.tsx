/**
 * One list for every kind of credit entry (lost credit, unqualified, blacklists, red list): its
 * filters, its columns, the evidence links, and, for the authority, the form that adds an entry and
 * the action that ends one. The pages of /credit, /blacklist and /personnelblacklist configure it.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { UseFormReturn } from 'react-hook-form';
import { creditCalls, type CreditEntryRow } from '@shared/contracts/credit';
import { hallCalls } from '@shared/contracts/hall';
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
import {
  FileField,
  FormDialog,
  ListPage,
  TextField,
  useCall,
  useCallMutation,
  useContractForm,
  type ActionOutcome,
  type Column,
} from '@console/kit';
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

export function EvidenceFields({
  files,
  setFiles,
}: {
  files: (File | null)[];
  setFiles: (files: (File | null)[]) => void;
}) {
  return (
    <>
      {[0, 1, 2].map((index) => (
        <FileField
          key={index}
          id={`evidence${index + 1}`}
          label={`证据材料 ${index + 1}${index === 0 ? '' : '（可选）'}`}
          allowed={evidenceExtensions}
          onFile={(file) => setFiles(files.map((old, i) => (i === index ? file : old)))}
        />
      ))}
    </>
  );
}

export const evidenceInput = (files: (File | null)[]) => ({
  evidence1: files[0] ?? undefined,
  evidence2: files[1] ?? undefined,
  evidence3: files[2] ?? undefined,
});

export function AgencyField({
  form,
  onlyGood,
}: {
  form: Parameters<typeof TextField>[0]['form'];
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
function ViolationProjectsField({ form }: { form: UseFormReturn<Record<string, unknown>> }) {
  const organizationId = Number(form.watch('organizationId') ?? 0);
  const chosen = String(form.watch('projectIds') ?? '')
    .split(',')
    .filter(Boolean);
  const projects = useCall(
    creditCalls.reportProjects,
    { organizationId, page: 1, rows: 50 },
    { enabled: organizationId > 0 },
  );
  const error = (form.formState.errors.projectIds as { message?: string } | undefined)?.message;
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
  withProjects,
  onlyGood,
}: {
  form: UseFormReturn<never>;
  withProjects?: boolean;
  onlyGood?: boolean;
}) {
  return (
    <>
      <AgencyField form={form as never} {...(onlyGood ? { onlyGood } : {})} />
      <TextField form={form as never} name="reason" label="原因" multiline />
      <TextField form={form as never} name="startDate" label="开始日期" type="date" />
      <TextField
        form={form as never}
        name="endDate"
        label="结束日期"
        type="date"
        hint="不填表示长期有效，直至撤销"
      />
      {withProjects ? <ViolationProjectsField form={form as never} /> : null}
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
  const schema = withProjects ? unqualifiedAddSchema : orgCreditAddSchema;
  const form = useContractForm(schema, {
    organizationId: '',
    reason: '',
    startDate: '',
    endDate: '',
    ...(withProjects ? { projectIds: '' } : {}),
  } as never);
  const [files, setFiles] = useState<(File | null)[]>([null, null, null]);
  const add = useCallMutation(call, { invalidates });
  return (
    <FormDialog
      trigger={<Button>{label}</Button>}
      title={label}
      form={form}
      fields={
        {
          organizationId: '机构',
          reason: '原因',
          startDate: '开始日期',
          endDate: '结束日期',
          ...(withProjects ? { projectIds: '违规项目' } : {}),
        } as never
      }
      onSubmit={async (values) =>
        onDone({
          tone: 'success',
          text: (await add.mutateAsync({ ...values, ...evidenceInput(files) } as never)).message,
        })
      }
    >
      <OrgEntryFields form={form as never} {...(withProjects ? { withProjects } : {})} />
      <EvidenceFields files={files} setFiles={setFiles} />
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
  const form = useContractForm(personBlacklistAddSchema, {
    personName: '',
    idCardNo: '',
    reason: '',
    startDate: '',
    endDate: '',
  });
  const [files, setFiles] = useState<(File | null)[]>([null, null, null]);
  const add = useCallMutation(creditCalls.addBlacklist, { invalidates });
  return (
    <FormDialog
      trigger={<Button>人员加入黑名单</Button>}
      title="人员加入黑名单"
      description="按身份证号码登记，在所有机构有效：黑名单中的人员不能被任何机构添加为从业人员。"
      form={form}
      fields={{
        personName: '姓名',
        idCardNo: '身份证号码',
        reason: '原因',
        startDate: '开始日期',
        endDate: '结束日期',
      }}
      onSubmit={async (values) =>
        onDone({
          tone: 'success',
          text: (await add.mutateAsync({ ...values, ...evidenceInput(files) })).message,
        })
      }
    >
      <TextField form={form} name="personName" label="姓名" />
      <TextField form={form} name="idCardNo" label="身份证号码" />
      <TextField form={form} name="reason" label="原因" multiline />
      <TextField form={form} name="startDate" label="开始日期" type="date" />
      <TextField form={form} name="endDate" label="结束日期" type="date" hint="不填表示长期有效，直至撤销" />
      <EvidenceFields files={files} setFiles={setFiles} />
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
  const subject = row.orgName ?? row.personName ?? '';
  return (
    <FormDialog
      trigger={
        <Button size="sm" variant="secondary" aria-label={`撤销 ${subject} 的记录`}>
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
