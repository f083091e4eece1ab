/**
 * The unit's own fields as the owner's verification and a change request edit them, with what the
 * form adds after them (a change's reason).
 */
import type { ReactNode } from 'react';
import { constructionCalls } from '@shared/calls/construction';
import { TextField, type FormWith } from '@console/kit/form';
import { useCall } from '@console/kit/query';

type UnitInput =
  'name' | 'creditCode' | 'legalPersonName' | 'contactName' | 'contactPhone' | 'districtCode' | 'address';

export function UnitInputs({
  form,
  creditCodeHint,
  children,
}: {
  form: FormWith<UnitInput>;
  creditCodeHint?: string;
  children?: ReactNode;
}) {
  const districts = useCall(constructionCalls.metadata, { x: 'district' });
  return (
    <div className="unit-form__grid">
      <TextField form={form} name="name" label="单位名称" />
      <TextField form={form} name="creditCode" label="统一社会信用代码" hint={creditCodeHint} />
      <TextField form={form} name="legalPersonName" label="法定代表人" />
      <TextField form={form} name="contactName" label="联系人" />
      <TextField form={form} name="contactPhone" label="联系电话" type="tel" />
      <TextField
        form={form}
        name="districtCode"
        label="所在区县"
        options={(districts.data ?? []).map((option) => ({ value: option.value, label: option.label }))}
      />
      <TextField form={form} name="address" label="单位地址" />
      {children}
    </div>
  );
}
