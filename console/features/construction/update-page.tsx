/**
 * /construction/update: the owner fills in its unit with the business licence and other files, saves
 * it as a draft or submits it for verification, and sees its status, the rejection and every opinion.
 * While pending or verified the data is shown read-only.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { constructionCalls, type ConstructionRecord } from '@shared/calls/construction';
import { constructionFieldLabels } from '@shared/domain/construction';
import { auditStatus } from '@shared/domain/statuses';
import { constructionFieldsSchema, constructionFiles } from '@shared/validation/construction';
import { Notice } from '@shared/ui/page';
import { useCall, useCallMutation } from '@console/kit/query';
import { useContractForm } from '@console/kit/form';
import { RegistrationForm, RegistrationPage } from '@console/components/registration/registration';
import { UnitDetails, UnitRejection, UnitTimeline } from './unit-view';
import { changeLink, UnitChangeForm } from './change-pages';
import { UnitInputs } from './unit-inputs';
import './construction.css';

export function UnitUpdatePage() {
  const self = useCall(constructionCalls.querySelf, {});
  const [asked, setAsked] = useState<{ message: string; id: number } | null>(null);
  return (
    <RegistrationPage
      title="单位信息"
      intro="请填写单位信息并上传营业执照，提交后由行业主管部门认证。"
      query={self}
      banner={{
        rejected: (unit) => <UnitRejection unit={unit} />,
        pending: () => <Notice>单位信息已提交，正在审核中。</Notice>,
        approved: (unit) => (
          <>
            <Notice>
              单位已认证通过。<Link to="/usercenter/jsdwVerifyInfo">查看认证信息</Link>
            </Notice>
            {asked ? (
              <Notice>
                {asked.message} <Link to={changeLink(asked.id)}>查看变更申请</Link>
              </Notice>
            ) : unit.openChangeId ? (
              <Notice>
                单位信息变更申请正在审核中，审核通过前现有信息继续有效。
                <Link to={changeLink(unit.openChangeId)}>查看变更申请</Link>
              </Notice>
            ) : null}
          </>
        ),
      }}
      form={(unit, onSaved) => <UnitForm unit={unit} onSaved={onSaved} />}
      details={(unit) => (
        <>
          <UnitDetails unit={unit} />
          {unit.auditStatus === auditStatus.code.approved && !unit.openChangeId && !asked ? (
            <UnitChangeForm unit={unit} onDone={setAsked} />
          ) : null}
        </>
      )}
      timeline={(unit) => <UnitTimeline constructionId={unit.constructionId} />}
    />
  );
}

function UnitForm({
  unit,
  onSaved,
}: {
  unit: ConstructionRecord | null;
  onSaved: (message: string) => void;
}) {
  const save = useCallMutation(constructionCalls.updateSelf, {
    invalidates: [constructionCalls.querySelf, constructionCalls.auditInfo, constructionCalls.rejectView],
  });
  const form = useContractForm(constructionFieldsSchema, {
    name: unit?.name ?? '',
    creditCode: unit?.creditCode ?? '',
    legalPersonName: unit?.legalPersonName ?? '',
    contactName: unit?.contactName ?? '',
    contactPhone: unit?.contactPhone ?? '',
    address: unit?.address ?? '',
    districtCode: unit?.districtCode ?? '',
  });

  return (
    <RegistrationForm
      form={form}
      fields={constructionFieldLabels}
      submitLabel="提交认证"
      files={constructionFiles}
      attachments={unit?.attachments ?? []}
      save={save.mutateAsync}
      onSaved={onSaved}
    >
      <UnitInputs form={form} creditCodeHint="18位，以营业执照为准" />
    </RegistrationForm>
  );
}
