import { useRef, useState } from 'react';
import { callApiWithMessage } from '@shared/api/call';
import { downloadCalls } from '@shared/calls/downloads';
import { messageOf, toAppError } from '@shared/errors/app-error';
import { checkUpload, documentExtensions } from '@shared/validation/upload';
import { Button } from '@shared/ui/button';
import { ConfirmDialog } from '@shared/ui/confirm-dialog';
import { ErrorSummary, Field, Input } from '@shared/ui/form';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { useApi } from '@console/lib/api';
import { InputField } from '@console/kit/input-field';
import { useCall } from '@console/kit/query';
import './service.css';
import { formatSize } from '@shared/format';

type FormField = 'title' | 'file';

/** /downLoad/service — maintain the files offered on the hall's /downLoad/servicelist. */
export function ServicePage() {
  const api = useApi();
  const list = useCall(downloadCalls.list, { page: 1, rows: 100 });
  const [feedback, setFeedback] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [attempt, setAttempt] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<{ pkid: number; title: string } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const run = async (action: () => Promise<{ message: string }>) => {
    try {
      const result = await action();
      setFeedback({ tone: 'success', text: result.message });
      void list.refetch();
      return true;
    } catch (error) {
      setFeedback({ tone: 'danger', text: messageOf(error) });
      return false;
    }
  };

  const submit = async () => {
    setAttempt((n) => n + 1);
    const found: Partial<Record<FormField, string>> = {};
    if (!title.trim()) found.title = '请输入文件名称';
    if (!file) found.file = '请选择要上传的文件';
    else {
      const problem = checkUpload({ name: file.name, size: file.size }, documentExtensions);
      if (problem) found.file = problem.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setUploading(true);
    try {
      await callApiWithMessage(
        api,
        downloadCalls.add,
        { title: title.trim(), description: description.trim(), file },
        { timeout: false },
      );
      setFeedback({ tone: 'success', text: `“${title.trim()}”上传成功，大厅服务下载已更新` });
      setTitle('');
      setDescription('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      void list.refetch();
    } catch (error) {
      const appError = toAppError(error);
      if (appError.field === 'title' || appError.field === 'file')
        setErrors({ [appError.field]: appError.message });
      else setFeedback({ tone: 'danger', text: appError.message });
    } finally {
      setUploading(false);
    }
  };

  const rows = list.data?.rows ?? [];
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((row) => row.pkid);
    const target = index + by;
    if (target < 0 || target >= ids.length) return;
    [ids[index], ids[target]] = [ids[target] as number, ids[index] as number];
    void run(() => callApiWithMessage(api, downloadCalls.reorder, { ids }));
  };

  const summary = (['title', 'file'] as const).flatMap((field) =>
    errors[field] ? [{ field, message: errors[field] }] : [],
  );

  return (
    <>
      <PageHeader
        title="服务下载维护"
        description="上传、重命名、排序或下架大厅“服务下载”中的文件，保存后大厅立即更新。"
        actions={
          <a
            className="ui-button ui-button--secondary"
            href="/downLoad/servicelist"
            target="_blank"
            rel="noopener noreferrer"
          >
            在大厅查看
          </a>
        }
      />
      <Card aria-labelledby="dl-add-title">
        <h2 id="dl-add-title" className="dl-section-title">
          上传新文件
        </h2>
        <form
          className="dl-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <ErrorSummary errors={summary} controlId={(field) => `dl-${field}`} focusSignal={attempt} />
          <InputField
            id="dl-title"
            label="文件名称"
            value={title}
            onChange={setTitle}
            maxLength={100}
            error={errors.title}
          />
          <InputField
            id="dl-description"
            label="说明（选填）"
            value={description}
            onChange={setDescription}
            maxLength={200}
          />
          <Field
            id="dl-file"
            label="文件"
            hint="支持 ppt、zip、docx、doc、xlsx、xls、pdf 和图片，不超过 50MB"
            error={errors.file}
          >
            {(control) => (
              <input
                {...control}
                ref={fileInput}
                type="file"
                className="ui-input dl-file"
                accept={documentExtensions.map((ext) => `.${ext}`).join(',')}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </Field>
          <div className="dl-form__actions">
            <Button type="submit" disabled={uploading}>
              {uploading ? '上传中…' : '上传'}
            </Button>
          </div>
        </form>
      </Card>
      {feedback ? (
        feedback.tone === 'danger' ? (
          <Notice tone="danger">{feedback.text}</Notice>
        ) : (
          <p className="dl-feedback" role="status">
            {feedback.text}
          </p>
        )
      ) : null}
      <Card aria-labelledby="dl-list-title">
        <h2 id="dl-list-title" className="dl-section-title">
          当前文件（{rows.length}）
        </h2>
        {list.error ? (
          <Notice tone="danger">
            {list.error.message}{' '}
            <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
              重试
            </Button>
          </Notice>
        ) : rows.length === 0 ? (
          <p className="dl-empty">{list.isPending ? '正在加载…' : '暂无文件，请先上传。'}</p>
        ) : (
          <ol className="dl-list" role="list">
            {rows.map((row, index) => (
              <li key={row.pkid} className="dl-item">
                <span className="dl-item__order">{index + 1}</span>
                <div className="dl-item__main">
                  {editing?.pkid === row.pkid ? (
                    <form
                      className="dl-rename"
                      onSubmit={async (event) => {
                        event.preventDefault();
                        const ok = await run(() =>
                          callApiWithMessage(api, downloadCalls.rename, {
                            pkid: row.pkid,
                            title: editing.title,
                            description: row.description ?? '',
                          }),
                        );
                        if (ok) setEditing(null);
                      }}
                    >
                      <label className="visually-hidden" htmlFor={`dl-rename-${row.pkid}`}>
                        新名称
                      </label>
                      <Input
                        id={`dl-rename-${row.pkid}`}
                        value={editing.title}
                        maxLength={100}
                        autoFocus
                        onChange={(event) => setEditing({ pkid: row.pkid, title: event.target.value })}
                      />
                      <Button type="submit" size="sm">
                        保存
                      </Button>
                      <Button type="button" size="sm" variant="secondary" onClick={() => setEditing(null)}>
                        取消
                      </Button>
                    </form>
                  ) : (
                    <span className="dl-item__title">{row.title}</span>
                  )}
                  <span className="dl-item__meta">
                    {row.fileName} · {formatSize(row.size)}
                  </span>
                </div>
                <div className="dl-item__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    上移<span className="visually-hidden">{row.title}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    下移<span className="visually-hidden">{row.title}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing({ pkid: row.pkid, title: row.title })}
                  >
                    重命名<span className="visually-hidden">{row.title}</span>
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button size="sm" variant="danger">
                        下架<span className="visually-hidden">{row.title}</span>
                      </Button>
                    }
                    title="下架文件"
                    description={`确定要下架“${row.title}”吗？大厅将不再提供下载，文件会被删除。`}
                    confirmVariant="danger"
                    onConfirm={() =>
                      void run(() => callApiWithMessage(api, downloadCalls.remove, { id: row.pkid }))
                    }
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </Card>
    </>
  );
}
