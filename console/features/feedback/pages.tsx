/**
 * /feedback/feedbackList (意见反馈, issue 24): the list (the administrator's all, anyone else's own),
 * filtered by state and category; a row opens its detail below (?pkid=), where the administrator
 * replies and closes. Everyone but the administrator sends feedback from the header's button.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useApi } from '@console/lib/api';
import { useMayCall } from '@console/lib/current-user';
import { callUrl } from '@shared/api/call';
import { feedbackCalls, type FeedbackDetail, type FeedbackRow } from '@shared/calls/feedback';
import {
  feedbackAttachmentExtensions,
  feedbackCategories,
  feedbackCategoryValues,
  feedbackStates,
  feedbackStateValues,
} from '@shared/domain/feedback';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Notice } from '@shared/ui/page';
import { feedbackFormSchema, feedbackReplySchema } from '@shared/validation/feedback';
import { Attachments, DetailSection } from '@console/kit/detail';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { FileField } from '@console/kit/file-field';
import { FormDialog, KitForm, TextField, useContractForm } from '@console/kit/form';
import { ListPage } from '@console/kit/list-page';
import { useCallMutation, useRecord } from '@console/kit/query';
import { type Column } from '@console/kit/data-table';

const stateOptions = feedbackStateValues.map((value) => ({ value, label: feedbackStates[value] }));
const categoryOptions = feedbackCategoryValues.map((value) => ({ value, label: feedbackCategories[value] }));
const allCalls = [feedbackCalls.list, feedbackCalls.detail];

function columns(open: (pkid: number) => string): readonly Column<FeedbackRow>[] {
  return [
    {
      key: 'title',
      header: '标题',
      wide: true,
      cell: (row) => <Link to={open(row.pkid)}>{row.title}</Link>,
    },
    { key: 'category', header: '类别', cell: (row) => feedbackCategories[row.category], nowrap: true },
    { key: 'senderName', header: '反馈人', cell: (row) => row.senderName },
    { key: 'state', header: '状态', cell: (row) => feedbackStates[row.state], nowrap: true },
    { key: 'createdAt', header: '提交时间', cell: (row) => formatDateTime(row.createdAt), nowrap: true },
  ];
}

export function FeedbackListPage() {
  const [search, setSearch] = useSearchParams();
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null);
  const isAdmin = useMayCall(feedbackCalls.reply.access);
  const pkid = Number(search.get('pkid'));
  const open = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('pkid', String(id));
    return `?${next.toString()}`;
  };
  const closeDetail = () => {
    const next = new URLSearchParams(search);
    next.delete('pkid');
    setSearch(next);
  };
  return (
    <>
      <ListPage
        title="意见反馈"
        caption="意见反馈列表"
        description={
          isAdmin
            ? '全部用户和匿名访客的意见反馈；点击标题查看详情并回复或关闭。'
            : '您提交的意见反馈；管理员回复后您会收到站内消息。'
        }
        actions={isAdmin ? null : <SendFeedback onDone={setOutcome} />}
        call={feedbackCalls.list}
        filters={[
          { name: 'state', label: '状态', type: 'select', options: stateOptions },
          { name: 'category', label: '类别', type: 'select', options: categoryOptions },
        ]}
        columns={columns(open)}
        rowKey={(row) => row.pkid}
        rowLabel={(row) => row.title}
        emptyText={(filtered) => (filtered ? '没有符合条件的反馈' : '暂无意见反馈')}
        feedback={outcome}
      />
      {Number.isInteger(pkid) && pkid > 0 ? (
        <FeedbackView pkid={pkid} isAdmin={isAdmin} onDone={setOutcome} onClose={closeDetail} />
      ) : null}
    </>
  );
}

function SendFeedback({ onDone }: { onDone: (outcome: ActionOutcome) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const form = useContractForm(feedbackFormSchema, {
    title: '',
    content: '',
    contact: '',
    captcha: '',
  });
  const submit = useCallMutation(feedbackCalls.submit, { invalidates: allCalls });
  return (
    <FormDialog
      trigger={<Button>提交反馈</Button>}
      title="提交意见反馈"
      description="请选择类别并描述您的意见或问题，可附一个文件（文档或图片）。"
      form={form}
      fields={{ category: '反馈类别', title: '标题', content: '反馈内容' }}
      submitLabel="提交"
      onSubmit={async (values) => {
        const answer = await submit.mutateAsync({ ...values, ...(file ? { file } : {}) });
        setFile(null);
        onDone({ tone: 'success', text: answer.message ?? '反馈已提交' });
      }}
    >
      <TextField form={form} name="category" label="反馈类别" options={categoryOptions} />
      <TextField form={form} name="title" label="标题" hint="不超过 50 个字" />
      <TextField form={form} name="content" label="反馈内容" multiline hint="不超过 2000 个字" />
      <FileField
        id="feedback-file"
        label="附件（选填）"
        allowed={feedbackAttachmentExtensions}
        onFile={setFile}
      />
    </FormDialog>
  );
}

function FeedbackView({
  pkid,
  isAdmin,
  onDone,
  onClose,
}: {
  pkid: number;
  isAdmin: boolean;
  onDone: (outcome: ActionOutcome) => void;
  onClose: () => void;
}) {
  const record = useRecord(feedbackCalls.detail, { pkid });
  if (record.isError) return <Notice tone="danger">{record.error?.message ?? '没有找到该反馈'}</Notice>;
  const item = record.data;
  if (!item) return <p role="status">正在加载…</p>;
  return (
    <DetailSection title={`反馈详情：${item.title}`} items={detailItems(item)}>
      <FeedbackAttachment item={item} />
      {isAdmin ? <AdminActions item={item} onDone={onDone} /> : null}
      <Button variant="secondary" onClick={onClose}>
        收起详情
      </Button>
    </DetailSection>
  );
}

function detailItems(item: FeedbackDetail) {
  return [
    { label: '类别', value: feedbackCategories[item.category] },
    { label: '状态', value: feedbackStates[item.state] },
    { label: '反馈人', value: item.senderName },
    ...(item.contact ? [{ label: '联系方式', value: item.contact }] : []),
    { label: '提交时间', value: formatDateTime(item.createdAt) },
    { label: '反馈内容', value: item.content, wide: true },
    { label: '回复', value: item.reply ?? '尚未回复', wide: true },
    ...(item.repliedAt ? [{ label: '回复时间', value: formatDateTime(item.repliedAt) }] : []),
    ...(item.closedAt ? [{ label: '关闭时间', value: formatDateTime(item.closedAt) }] : []),
  ];
}

function FeedbackAttachment({ item }: { item: FeedbackDetail }) {
  const api = useApi();
  const href = callUrl(api, feedbackCalls.attachment, { pkid: item.pkid });
  return <Attachments files={item.attachment ? [item.attachment] : []} href={() => href} />;
}

function AdminActions({ item, onDone }: { item: FeedbackDetail; onDone: (outcome: ActionOutcome) => void }) {
  const form = useContractForm(feedbackReplySchema, { pkid: String(item.pkid), reply: item.reply ?? '' });
  const reply = useCallMutation(feedbackCalls.reply, { invalidates: allCalls });
  const close = useCallMutation(feedbackCalls.close, { invalidates: allCalls });
  if (item.state === 'closed') return <Notice>该反馈已关闭。</Notice>;
  return (
    <>
      <KitForm
        form={form}
        fields={{ reply: '回复内容' }}
        submitLabel="发送回复"
        onSubmit={async (values) => {
          const answer = await reply.mutateAsync(values);
          onDone({ tone: 'success', text: answer.message ?? '已回复' });
        }}
      >
        <TextField form={form} name="reply" label="回复内容" multiline hint="发送后反馈人会收到回复" />
      </KitForm>
      <ConfirmAction
        label="关闭反馈"
        title="关闭意见反馈"
        question="关闭后不能再回复，确定关闭吗？"
        action={() => close.mutateAsync({ pkid: item.pkid })}
        onDone={onDone}
      />
    </>
  );
}
