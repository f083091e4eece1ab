/**
 * /system/kitExamples (administrators, not in the menu): one short, working example of every piece of
 * the console page kit (console/kit) and of the review components, on real data where a piece reads
 * the API. Newcomers copy from here; the e2e kit test checks every piece with axe here.
 */
import { useState } from 'react';
import { z } from 'zod';
import { messageCalls } from '@shared/calls/messages';
import { auditStatus, projectStatus } from '@shared/domain/statuses';
import { formatDate, formatMoney } from '@shared/format';
import { documentExtensions } from '@shared/validation/upload';
import { AuditTimeline } from '@console/components/review/audit-timeline';
import { DecisionPanel } from '@console/components/review/decision-panel';
import { Button } from '@shared/ui/button';
import { Card } from '@shared/ui/page';
import { Attachments, DetailSection } from '@console/kit/detail';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { FileField, KeptFiles } from '@console/kit/file-field';
import { FormDialog, KitForm, TextField, useContractForm } from '@console/kit/form';
import { InputField } from '@console/kit/input-field';
import { ListPage } from '@console/kit/list-page';
import { StatusBadge } from '@console/kit/status-badge';
import { type Column } from '@console/kit/data-table';
import type { MessageRow } from '@shared/calls/messages';

const exampleSchema = z.object({
  name: z.string('请输入单位名称').trim().min(1, '请输入单位名称').max(50, '单位名称不能超过50个字'),
  phone: z
    .string()
    .trim()
    .regex(/^1[3-9]\d{9}$/, '请输入正确手机号'),
  grade: z.string().min(1, '请选择资质等级'),
});

const messageColumns: readonly Column<MessageRow>[] = [
  {
    key: 'messageContent',
    header: '消息内容',
    cell: (row) => row.messageContent,
    wide: true,
    sortable: true,
  },
  { key: 'addTime', header: '时间', cell: (row) => formatDate(row.addTime), nowrap: true, sortable: true },
];

const sampleRecords = [
  {
    pkid: 1,
    decision: 1,
    opinion: null,
    auditorName: '云州市勘测设计研究院',
    roleId: null,
    transferToName: null,
    auditedAt: '2026-11-20T02:00:00Z',
  },
  {
    pkid: 2,
    decision: 3,
    opinion: '营业执照扫描件不清晰，请重新上传',
    auditorName: '张审核',
    roleId: '7e1a4d9c2f6b8e3a5c0d7f2b9e4a6219',
    transferToName: null,
    auditedAt: '2026-11-21T03:30:00Z',
  },
  {
    pkid: 3,
    decision: 4,
    opinion: '请乙复核资质证书',
    auditorName: '张审核',
    roleId: '7e1a4d9c2f6b8e3a5c0d7f2b9e4a6219',
    transferToName: '李审核',
    auditedAt: '2026-11-22T06:10:00Z',
  },
];

export function KitExamplesPage() {
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const [title, setTitle] = useState('');
  const [kept, setKept] = useState([{ fileId: 'kept', fileName: '资质证书.pdf' }]);
  const form = useContractForm(exampleSchema, { name: '', phone: '', grade: '' });
  const dialogForm = useContractForm(exampleSchema, { name: '', phone: '', grade: '' });
  const grades = [
    { value: '甲', label: '甲级' },
    { value: '乙', label: '乙级' },
  ];
  const wait = () => new Promise((resolve) => setTimeout(resolve, 300));

  return (
    <div className="kit-examples">
      <ListPage
        title="页面组件示例"
        caption="我的消息（列表页示例）"
        description="列表页：筛选条件写入地址栏，排序、分页、勾选批量操作、空状态与错误状态；数据来自“我的消息”。"
        call={messageCalls.list}
        filters={[
          {
            name: 'hasRead',
            label: '阅读状态',
            type: 'select',
            options: [
              { value: 'false', label: '未读' },
              { value: 'true', label: '已读' },
            ],
          },
        ]}
        columns={messageColumns}
        rowKey={(row) => row.messageId}
        rowLabel={(row) => `选择消息 ${row.messageId}`}
        feedback={outcome}
        bulkActions={(rows) => (
          <ConfirmAction
            label="批量确认"
            title="批量确认"
            question={`确定处理选中的 ${rows.length} 条消息吗？（示例，不会修改数据）`}
            disabled={rows.length === 0}
            action={async () => {
              await wait();
              return { message: `已处理 ${rows.length} 条（示例）` };
            }}
            onDone={setOutcome}
          />
        )}
        actions={
          <FormDialog
            trigger={<Button>表单对话框</Button>}
            title="新增单位（示例）"
            form={dialogForm}
            fields={{ name: '单位名称', phone: '联系电话', grade: '资质等级' }}
            onSubmit={async () => {
              await wait();
              setOutcome({ tone: 'success', text: '已保存（示例，不会修改数据）' });
            }}
          >
            <TextField form={dialogForm} name="name" label="单位名称" />
            <TextField form={dialogForm} name="phone" label="联系电话" type="tel" />
            <TextField form={dialogForm} name="grade" label="资质等级" options={grades} />
          </FormDialog>
        }
      />

      <Card>
        <h2>表单页</h2>
        <KitForm
          form={form}
          fields={{ name: '单位名称', phone: '联系电话', grade: '资质等级' }}
          onSubmit={async (values) => {
            await wait();
            setOutcome({ tone: 'success', text: `已保存 ${values.name}（示例）` });
          }}
          successMessage="保存成功"
        >
          <TextField form={form} name="name" label="单位名称" hint="与营业执照一致" />
          <TextField form={form} name="phone" label="联系电话" type="tel" />
          <TextField form={form} name="grade" label="资质等级" options={grades} />
        </KitForm>
        <FileField id="kit-file" label="附件" allowed={documentExtensions} onFile={() => undefined} />
        <KeptFiles
          files={kept}
          onRemove={(fileId) => setKept((before) => before.filter((f) => f.fileId !== fileId))}
        />
        <InputField id="kit-input" label="模板名称" value={title} onChange={setTitle} maxLength={100} />
      </Card>

      <DetailSection
        title="详情页"
        items={[
          { label: '审核状态', value: <StatusBadge table={auditStatus} value={1} /> },
          { label: '项目状态', value: <StatusBadge table={projectStatus} value={3} /> },
          { label: '合同金额', value: formatMoney('1234567.00') },
          { label: '签订日期', value: formatDate('2026-11-20') },
          { label: '备注', value: '', wide: true },
        ]}
      >
        <Attachments
          files={[{ fileId: 'example', fileName: '营业执照.pdf', size: 245_760 }]}
          href={() => '#'}
        />
      </DetailSection>

      <Card>
        <AuditTimeline records={sampleRecords} />
      </Card>
      <DecisionPanel
        status={1}
        opinions={[
          { pkid: 1, content: '材料齐全，同意通过' },
          { pkid: 2, content: '材料不全，请补充后重新提交' },
        ]}
        reviewers={[{ pkid: 9, username: '李审核' }]}
        onDecide={async () => {
          await wait();
        }}
      />
    </div>
  );
}
