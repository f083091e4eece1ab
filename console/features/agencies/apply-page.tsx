/**
 * /usercenter/orgapply (and /intermediary/orgupdate): an agency fills in its organization with the
 * licence, the qualification certificate and other files, saves it as a draft or submits it, and sees
 * its status and every opinion. While pending or approved the data is shown read-only (changes of an
 * approved agency go through a change request).
 */
import { Link, useLocation } from 'react-router';
import { useController } from 'react-hook-form';
import { agencyCalls, type AgencyRecord } from '@shared/calls/agencies';
import { agencyFieldsSchema, agencyFiles } from '@shared/validation/agencies';
import { Notice } from '@shared/ui/page';
import { TextField, useContractForm } from '@console/kit/form';
import { useCall, useCallMutation } from '@console/kit/query';
import { RegistrationForm, RegistrationPage } from '@console/components/registration/registration';
import { AgencyDetails, AgencyTimeline } from './agency-view';
import { AgencyInputs } from './agency-inputs';
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

export function ApplyPage() {
  const self = useCall(agencyCalls.querySelf, {});
  // The same page under two menu items: each titled as its menu says.
  const maintaining = useLocation().pathname === '/intermediary/orgupdate';
  return (
    <RegistrationPage
      title={maintaining ? '机构信息维护' : '机构申请'}
      intro="请填写机构信息并上传营业执照和资质证书，提交后由行业主管部门审核。"
      query={self}
      banner={{
        rejected: () => <Notice tone="danger">申请审核不通过，请根据审核意见修改后重新提交。</Notice>,
        pending: () => <Notice>申请已提交，正在审核中。</Notice>,
        approved: () => (
          <Notice>
            机构已审核通过。信息变更请提交 <Link to="/usercenter/OrgChangeApply">机构变更申请</Link>。
          </Notice>
        ),
      }}
      form={(org, onSaved) => <ApplyForm org={org} onSaved={onSaved} />}
      details={(org) => <AgencyDetails org={org} />}
      timeline={(org) => <AgencyTimeline organizationId={org.organizationId} />}
    />
  );
}

function ApplyForm({ org, onSaved }: { org: AgencyRecord | null; onSaved: (message: string) => void }) {
  const scopes = useCall(agencyCalls.bizScope, {});
  const save = useCallMutation(agencyCalls.updateSelf, {
    invalidates: [agencyCalls.querySelf, agencyCalls.auditInfo],
  });
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

  return (
    <RegistrationForm
      form={form}
      fields={fieldLabels}
      submitLabel="提交审核"
      files={agencyFiles}
      attachments={org?.attachments ?? []}
      save={save.mutateAsync}
      onSaved={onSaved}
    >
      <AgencyInputs form={form} applying />
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
    </RegistrationForm>
  );
}
