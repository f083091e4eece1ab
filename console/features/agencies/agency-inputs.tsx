/**
 * The agency's own fields as its application and a change request edit them; a change request keeps
 * the credit code and the qualification's expiry as they were approved.
 */
import { agencyCalls } from '@shared/calls/agencies';
import { qualificationGrade } from '@shared/domain/statuses';
import { TextField, type FormWith } from '@console/kit/form';
import { useCall } from '@console/kit/query';

type AgencyInput =
  | 'orgName'
  | 'credential'
  | 'legalPersonName'
  | 'registrationOrgan'
  | 'qualificationCertNo'
  | 'qualificationGrade'
  | 'qualificationValidUntil'
  | 'districtCode'
  | 'address'
  | 'contactName'
  | 'contactPhone'
  | 'email';

export function AgencyInputs({ form, applying }: { form: FormWith<AgencyInput>; applying: boolean }) {
  const districts = useCall(agencyCalls.metadata, { x: 'district' });
  return (
    <div className="agency-form__grid">
      <TextField form={form} name="orgName" label="机构名称" />
      {applying ? (
        <TextField form={form} name="credential" label="统一社会信用代码" hint="18位，以营业执照为准" />
      ) : null}
      <TextField form={form} name="legalPersonName" label="法定代表人" />
      <TextField form={form} name="registrationOrgan" label="登记机关" />
      <TextField form={form} name="qualificationCertNo" label="资质证书编号" />
      <TextField
        form={form}
        name="qualificationGrade"
        label="资质等级"
        options={qualificationGrade.entries.map((entry) => ({ value: entry.value, label: entry.label }))}
      />
      {applying ? (
        <TextField form={form} name="qualificationValidUntil" label="资质有效期至" type="date" />
      ) : null}
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
  );
}
