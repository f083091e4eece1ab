/**
 * /usercenter/orgapply (and /intermediary/orgupdate): an agency fills in its organization with the
 * licence, the qualification certificate and other files, saves it as a draft or submits it, and sees
 * its status and every opinion. While pending or approved the data is shown read-only (changes of an
 * approved agency go through a change request).
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { useController } from 'react-hook-form';
import { agencyCalls, type AgencyRecord } from '@shared/contracts/agencies';
import { agencyAttachmentKind } from '@shared/domain/agencies';
import { auditStatus, qualificationGrade } from '@shared/domain/statuses';
import { agencyFieldsSchema } from '@shared/validation/agencies';
import { documentExtensions } from '@shared/validation/upload';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { FileField, KitForm, TextField, useCall, useCallMutation, useContractForm } from '@console/kit';
import { AgencyDetails, AgencyStatusLine, AgencyTimeline } from './agency-view';
import './agencies.css';

const fieldLabels = {
  orgName: '机构名称',
  credential: '统一社会信用代码',
  legalPersonName: '法定代表人',
  registrationOrgan: '登记机关',
  qualificationCertNo: '资质证书编号',
  qualificationGrade: '资质等级',
  qualificationValidUntil: '资质有效期至',
  businessScope: '业务范围',
  districtCode: '所在区县',
  address: '办公地址',
  contactName: '联系人',
  contactPhone: '联系电话',
  email: '电子邮箱',
  introduction: '机构简介',
} as const;

type UploadKey = 'licence' | 'qualification' | 'other';

export function ApplyPage() {
  const self = useCall(agencyCalls.querySelf, {});
  // The server's confirmation outlives the form (a submitted application is shown read-only).
  const [message, setMessage] = useState<string | null>(null);
  if (self.isPending) return <PageHeader title="机构申请" description="正在加载…" />;
  if (self.error) return <Notice tone="danger">{self.error.message}</Notice>;
  const org = self.data;
  const editable =
    !org || org.auditStatus === auditStatus.code.draft || org.auditStatus === auditStatus.code.rejected;
  return (
    <>
      <PageHeader
        title="机构申请"
        description={
          org ? (
            <AgencyStatusLine org={org} />
          ) : (
            '请填写机构信息并上传营业执照和资质证书，提交后由行业主管部门审核。'
          )
        }
      />
      {message ? <Notice>{message}</Notice> : null}
      {org?.auditStatus === auditStatus.code.rejected ? (
        <Notice tone="danger">申请审核不通过，请根据审核意见修改后重新提交。</Notice>
      ) : null}
      {org?.auditStatus === auditStatus.code.pending ? <Notice>申请已提交，正在审核中。</Notice> : null}
      {org?.auditStatus === auditStatus.code.approved ? (
        <Notice>
          机构已审核通过。信息变更请提交 <Link to="/usercenter/OrgChangeApply">机构变更申请</Link>。
        </Notice>
      ) : null}
      {editable ? (
        <ApplyForm org={org ?? null} onSaved={setMessage} />
      ) : org ? (
        <AgencyDetails org={org} />
      ) : null}
      {org ? <AgencyTimeline organizationId={org.organizationId} /> : null}
    </>
  );
}

function ApplyForm({ org, onSaved }: { org: AgencyRecord | null; onSaved: (message: string) => void }) {
  const scopes = useCall(agencyCalls.bizScope, {});
  const districts = useCall(agencyCalls.metadata, { x: 'district' });
  const save = useCallMutation(agencyCalls.updateSelf, {
    invalidates: [agencyCalls.querySelf, agencyCalls.auditInfo],
  });
  const [uploads, setUploads] = useState<Partial<Record<UploadKey, File>>>({});
  const [removed, setRemoved] = useState<string[]>([]);
  const action = useRef<'save' | 'submit'>('submit');
  const form = useContractForm(agencyFieldsSchema, {
    orgName: org?.orgName ?? '',
    credential: org?.credential ?? '',
    legalPersonName: org?.legalPersonName ?? '',
    registrationOrgan: org?.registrationOrgan ?? '',
    qualificationCertNo: org?.qualificationCertNo ?? '',
    qualificationGrade: org?.qualificationGrade ? String(org.qualificationGrade) : '',
    qualificationValidUntil: org?.qualificationValidUntil ?? '',
    businessScope: (org?.businessScope ?? []).map(String),
    districtCode: org?.districtCode ?? '',
    address: org?.address ?? '',
    contactName: org?.contactName ?? '',
    contactPhone: org?.contactPhone ?? '',
    email: org?.email ?? '',
    introduction: org?.introduction ?? '',
  });
  const scope = useController({ control: form.control, name: 'businessScope' });
  const chosen = new Set(((scope.field.value as unknown[] | undefined) ?? []).map(String));
  const kept = (org?.attachments ?? []).filter((file) => !removed.includes(file.fileId));

  return (
    <Card>
      <KitForm
        form={form}
        fields={fieldLabels}
        submitLabel="提交审核"
        successMessage={null}
        secondary={
          <Button type="submit" variant="secondary" onClick={() => (action.current = 'save')}>
            保存草稿
          </Button>
        }
        onSubmit={async (values) => {
          const chosenAction = action.current;
          action.current = 'submit';
          const result = await save.mutateAsync({
            ...values,
            action: chosenAction,
            ...uploads,
            ...(removed.length > 0 ? { removeFileIds: removed.join(',') } : {}),
          } as never);
          setUploads({});
          setRemoved([]);
          onSaved(result.message);
        }}
      >
        <div className="agency-form__grid">
          <TextField form={form} name="orgName" label="机构名称" />
          <TextField form={form} name="credential" label="统一社会信用代码" hint="18位，以营业执照为准" />
          <TextField form={form} name="legalPersonName" label="法定代表人" />
          <TextField form={form} name="registrationOrgan" label="登记机关" />
          <TextField form={form} name="qualificationCertNo" label="资质证书编号" />
          <TextField
            form={form}
            name="qualificationGrade"
            label="资质等级"
            options={qualificationGrade.entries.map((entry) => ({ value: entry.value, label: entry.label }))}
          />
          <TextField form={form} name="qualificationValidUntil" label="资质有效期至" type="date" />
          <TextField
            form={form}
            name="districtCode"
            label="所在区县"
            options={(districts.data ?? []).map((option) => ({ value: option.value, label: option.label }))}
          />
          <TextField form={form} name="address" label="办公地址" />
          <TextField form={form} name="contactName" label="联系人" />
          <TextField form={form} name="contactPhone" label="联系电话" type="tel" />
          <TextField form={form} name="email" label="电子邮箱" type="email" />
        </div>
        <fieldset className="agency-scope" aria-describedby="agency-scope-error">
          <legend>业务范围</legend>
          {(scopes.data ?? []).map((stage) => (
            <div key={stage.id} className="agency-scope__stage">
              <span className="agency-scope__name">{stage.name}</span>
              <span className="agency-scope__items">
                {stage.items.map((item) => (
                  <label key={item.id} className="agency-scope__item">
                    <input
                      type="checkbox"
                      checked={chosen.has(String(item.id))}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(String(item.id));
                        else next.delete(String(item.id));
                        scope.field.onChange([...next]);
                      }}
                    />
                    {item.name}
                  </label>
                ))}
              </span>
            </div>
          ))}
          {scope.fieldState.error ? (
            <p id="agency-scope-error" className="agency-scope__error">
              {scope.fieldState.error.message}
            </p>
          ) : null}
        </fieldset>
        <TextField form={form} name="introduction" label="机构简介" multiline />
        <div className="agency-files">
          {agencyAttachmentKind.entries.map((kind) => {
            const key = kind.key as UploadKey;
            const current = kept.filter((file) => file.kind === kind.value);
            return (
              <div key={kind.value} className="agency-files__kind">
                <FileField
                  id={`agency-${key}`}
                  label={`${kind.label}${kind.key === 'other' ? '' : '（必须）'}`}
                  allowed={documentExtensions}
                  onFile={(file) =>
                    setUploads((before) => {
                      const next = { ...before };
                      if (file) next[key] = file;
                      else delete next[key];
                      return next;
                    })
                  }
                />
                {current.length > 0 ? (
                  <ul className="agency-files__list">
                    {current.map((file) => (
                      <li key={file.fileId}>
                        已上传：{file.fileName}{' '}
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          onClick={() => setRemoved((before) => [...before, file.fileId])}
                        >
                          删除
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            );
          })}
        </div>
      </KitForm>
    </Card>
  );
}
