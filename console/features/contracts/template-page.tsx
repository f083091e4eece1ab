/**
 * /contract/ContractTemplateList: the contract templates, one per approval stage, with every version.
 * Editing opens the notices' rich-text editor on the current version; saving makes the next version
 * (the old ones stay readable here and in the contracts drafted from them). Placeholders are listed
 * beside the editor; the server refuses unknown ones.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { callApiWithMessage } from '@shared/api/call';
import { contractCalls, type ContractTemplate } from '@shared/calls/contracts';
import { contractPlaceholders } from '@shared/domain/contracts';
import { stages } from '@shared/domain/stages';
import { toAppError } from '@shared/errors/app-error';
import { formatDateTime } from '@shared/format';
import { Button } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { callKey, useCall } from '@console/kit/query';
import { InputField } from '@console/kit/input-field';
import { useApi } from '@console/lib/api';
import { RichTextEditor } from './rich-text-editor-lazy';
import { useMayCall } from '@console/lib/current-user';
import './contracts.css';

export function ContractTemplatePage() {
  const templates = useCall(contractCalls.queryTemplate, {});
  const mayEdit = useMayCall(contractCalls.saveContractTemplate.access);
  const [editing, setEditing] = useState<number | null>(null);
  const [shown, setShown] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (templates.error) return <Notice tone="danger">{templates.error.message}</Notice>;
  const rows = templates.data ?? [];
  return (
    <>
      <PageHeader
        title="合同模板"
        description="每个审批阶段一份合同模板。保存即生成新版本，旧版本保留可查；合同按起草时的版本生成文本。"
      />
      {outcome ? <Notice>{outcome}</Notice> : null}
      {stages.map((stage) => {
        const versions = rows.filter((row) => row.stageId === stage.id);
        const current = versions.find((row) => row.isCurrent);
        return (
          <Card key={stage.id} className="ct-template">
            <div className="ct-template__head">
              <h2>{stage.name}</h2>
              {mayEdit && editing !== stage.id ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setEditing(stage.id);
                    setOutcome(null);
                  }}
                >
                  {current ? `编辑${stage.name}模板` : `新建${stage.name}模板`}
                </Button>
              ) : null}
            </div>
            {editing === stage.id ? (
              <TemplateEditor
                stageId={stage.id}
                current={current}
                onDone={(text) => {
                  setEditing(null);
                  if (text) setOutcome(text);
                }}
              />
            ) : null}
            {versions.length === 0 ? (
              <p>尚无模板</p>
            ) : (
              <table className="ct-versions">
                <caption className="visually-hidden">{stage.name}模板版本</caption>
                <thead>
                  <tr>
                    <th scope="col">版本</th>
                    <th scope="col">模板名称</th>
                    <th scope="col">修订说明</th>
                    <th scope="col">保存人</th>
                    <th scope="col">保存时间</th>
                    <th scope="col">使用的合同</th>
                    <th scope="col">
                      <span className="visually-hidden">操作</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {versions.map((row) => (
                    <VersionRow
                      key={row.templateId}
                      row={row}
                      open={shown === row.templateId}
                      onToggle={() => setShown(shown === row.templateId ? null : row.templateId)}
                    />
                  ))}
                </tbody>
              </table>
            )}
          </Card>
        );
      })}
    </>
  );
}

function VersionRow({ row, open, onToggle }: { row: ContractTemplate; open: boolean; onToggle: () => void }) {
  return (
    <>
      <tr>
        <td>
          第 {row.version} 版{row.isCurrent ? '（当前）' : ''}
        </td>
        <td>{row.title}</td>
        <td>{row.remark ?? ''}</td>
        <td>{row.createdByName ?? ''}</td>
        <td>{formatDateTime(row.createdAt)}</td>
        <td>{row.contractCount}</td>
        <td>
          <Button variant="secondary" size="sm" onClick={onToggle} aria-expanded={open}>
            {open ? '收起' : `查看第 ${row.version} 版`}
          </Button>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={7}>
            {/* Stored sanitized by the server (server/lib/html-sanitizer.ts). */}
            {/* Focusable: a long template scrolls, and a keyboard user must be able to scroll it. */}
            <div
              className="ct-template__content"
              tabIndex={0}
              role="region"
              aria-label="模板正文"
              dangerouslySetInnerHTML={{ __html: row.content }}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function TemplateEditor({
  stageId,
  current,
  onDone,
}: {
  stageId: number;
  current: ContractTemplate | undefined;
  onDone: (message: string | null) => void;
}) {
  const api = useApi();
  const queries = useQueryClient();
  const [title, setTitle] = useState(current?.title ?? '');
  const [remark, setRemark] = useState('');
  const [content, setContent] = useState(current?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await callApiWithMessage(api, contractCalls.saveContractTemplate, {
        stageId,
        title,
        content,
        remark,
        baseVersion: current?.version ?? 0,
      });
      await queries.invalidateQueries({ queryKey: callKey(contractCalls.queryTemplate) });
      onDone(`${answer.message}（第 ${answer.data.version} 版）`);
    } catch (failure) {
      setError(toAppError(failure).message);
    } finally {
      setBusy(false);
    }
  };
  const id = `ct-template-${stageId}`;
  return (
    <div className="ct-editor">
      {error ? <Notice tone="danger">{error}</Notice> : null}
      <InputField id={`${id}-title`} label="模板名称" value={title} onChange={setTitle} maxLength={100} />
      <InputField id={`${id}-remark`} label="修订说明" value={remark} onChange={setRemark} maxLength={200} />
      <div className="ui-field">
        <span className="ui-field__label" id={`${id}-content-label`}>
          模板内容
        </span>
        <p className="ct-placeholders">
          可用占位符：
          {contractPlaceholders.map((placeholder) => (
            <code key={placeholder.key} title={placeholder.label}>
              {`{{${placeholder.key}}}`}（{placeholder.label}）
            </code>
          ))}
        </p>
        <RichTextEditor
          id={`${id}-content`}
          initialHtml={content}
          onChange={setContent}
          labelledBy={`${id}-content-label`}
        />
      </div>
      <div className="ct-editor__actions">
        <Button onClick={() => void save()} disabled={busy}>
          保存为新版本
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)} disabled={busy}>
          取消
        </Button>
      </div>
    </div>
  );
}
