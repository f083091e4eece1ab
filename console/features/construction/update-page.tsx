/**
 * /construction/update: the owner fills in its unit with the business licence and other files, saves
 * it as a draft or submits it for verification, and sees its status, the rejection and every opinion.
 * While pending or verified the data is shown read-only.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { constructionCalls, type ConstructionRecord } from '@shared/contracts/construction';
import { constructionAttachmentKind, constructionFieldLabels } from '@shared/domain/construction';
import { auditStatus } from '@shared/domain/statuses';
import { constructionFieldsSchema } from '@shared/validation/construction';
import { documentExtensions } from '@shared/validation/upload';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { FileField, KitForm, TextField, useCall, useCallMutation, useContractForm } from '@console/kit';
import { UnitDetails, UnitRejection, UnitStatusLine, UnitTimeline } from './unit-view';
import { changeLink, UnitChangeForm } from './change-pages';
import './construction.css';

type UploadKey = 'licence' | 'other';

export function UnitUpdatePage() {
  const self = useCall(constructionCalls.querySelf, {});
  // The server's confirmation outlives the form (a submitted unit is shown read-only).
  const [message, setMessage] = useState<string | null>(null);
  const [asked, setAsked] = useState<{ message: string; id: number } | null>(null);
  if (self.isPending) return <PageHeader title="单位信息" description="正在加载…" />;
  if (self.error) return <Notice tone="danger">{self.error.message}</Notice>;
  const unit = self.data;
  const editable =
    !unit || unit.auditStatus === auditStatus.code.draft || unit.auditStatus === auditStatus.code.rejected;
  return (
    <>
      <PageHeader
        title="单位信息"
        description={
          unit ? <UnitStatusLine unit={unit} /> : '请填写单位信息并上传营业执照，提交后由行业主管部门认证。'
        }
      />
      {message ? <Notice>{message}</Notice> : null}
      {unit ? <UnitRejection unit={unit} /> : null}
      {unit?.auditStatus === auditStatus.code.pending ? <Notice>单位信息已提交，正在审核中。</Notice> : null}
      {unit?.auditStatus === auditStatus.code.approved ? (
        <Notice>
          单位已认证通过。<Link to="/usercenter/jsdwVerifyInfo">查看认证信息</Link>
        </Notice>
      ) : null}
      {asked ? (
        <Notice>
          {asked.message} <Link to={changeLink(asked.id)}>查看变更申请</Link>
        </Notice>
      ) : unit?.openChangeId ? (
        <Notice>
          单位信息变更申请正在审核中，审核通过前现有信息继续有效。
          <Link to={changeLink(unit.openChangeId)}>查看变更申请</Link>
        </Notice>
      ) : null}
      {editable ? (
        <UnitForm unit={unit ?? null} onSaved={setMessage} />
      ) : unit ? (
        <UnitDetails unit={unit} />
      ) : null}
      {unit?.auditStatus === auditStatus.code.approved && !unit.openChangeId && !asked ? (
        <UnitChangeForm unit={unit} onDone={setAsked} />
      ) : null}
      {unit ? <UnitTimeline constructionId={unit.constructionId} /> : null}
    </>
  );
}

function UnitForm({
  unit,
  onSaved,
}: {
  unit: ConstructionRecord | null;
  onSaved: (message: string) => void;
}) {
  const districts = useCall(constructionCalls.metadata, { x: 'district' });
  const save = useCallMutation(constructionCalls.updateSelf, {
    invalidates: [constructionCalls.querySelf, constructionCalls.auditInfo, constructionCalls.rejectView],
  });
  const [uploads, setUploads] = useState<Partial<Record<UploadKey, File>>>({});
  const [removed, setRemoved] = useState<string[]>([]);
  const action = useRef<'save' | 'submit'>('submit');
  const form = useContractForm(constructionFieldsSchema, {
    name: unit?.name ?? '',
    creditCode: unit?.creditCode ?? '',
    legalPersonName: unit?.legalPersonName ?? '',
    contactName: unit?.contactName ?? '',
    contactPhone: unit?.contactPhone ?? '',
    address: unit?.address ?? '',
    districtCode: unit?.districtCode ?? '',
  });
  const kept = (unit?.attachments ?? []).filter((file) => !removed.includes(file.fileId));

  return (
    <Card>
      <KitForm
        form={form}
        fields={constructionFieldLabels}
        submitLabel="提交认证"
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
        <div className="unit-form__grid">
          <TextField form={form} name="name" label="单位名称" />
          <TextField form={form} name="creditCode" label="统一社会信用代码" hint="18位，以营业执照为准" />
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
        </div>
        <div className="unit-files">
          {constructionAttachmentKind.entries.map((kind) => {
            const key = kind.key as UploadKey;
            const current = kept.filter((file) => file.kind === kind.value);
            return (
              <div key={kind.value} className="unit-files__kind">
                <FileField
                  id={`unit-${key}`}
                  label={`${kind.label}${key === 'licence' ? '（必须）' : ''}`}
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
                  <ul className="unit-files__list">
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
