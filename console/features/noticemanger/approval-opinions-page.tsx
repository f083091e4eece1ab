import { useState, type SubmitEvent, type MouseEvent } from 'react';
import type { AuditOpinionRow } from '@server/modules/audit-opinions/service';
import type { OnTheWire, ResultInfo } from '@shared/api/envelope';
import { messageOf } from '@shared/errors/app-error';
import { formatDateTime } from '@shared/format';
import { auditOpinionAddSchema, auditOpinionTexts } from '@shared/validation/messages';
import { Button } from '@console/components/ui/button';
import { ConfirmDialog } from '@console/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@console/components/ui/dialog';
import { Field, Input } from '@console/components/ui/form';
import { Card, Notice, PageHeader } from '@console/components/ui/page';
import { PAGE_SIZES, Pager } from '@console/components/ui/pager';
import { useApi } from '@console/lib/api';
import { cx } from '@console/lib/cx';
import { zh } from '@console/lib/i18n';
import { useApiData, useStepBackFromEmptyPage } from '@console/lib/use-api-data';
import { useSelection } from '@console/lib/use-selection';
import './approval-opinions.css';

const t = zh.approvalOpinions;

type OpinionRow = OnTheWire<AuditOpinionRow>;

type Flash = { tone: 'success' | 'warning' | 'danger'; text: string };

function AddOpinionDialog({ onAdded }: { onAdded: (text: string) => void }) {
  const api = useApi();
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const check = (value: string) => {
    const parsed = auditOpinionAddSchema.safeParse({ content: value });
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  };

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const problem = check(content);
    setError(problem);
    if (problem) {
      document.getElementById('opinion-content')?.focus();
      return;
    }
    setSaving(true);
    try {
      const result = await api.call<ResultInfo<OpinionRow>>('business', 'auditManageInfo/add', {
        body: { content: content.trim() },
      });
      setOpen(false);
      setContent('');
      onAdded(result.message || auditOpinionTexts.addSuccess);
    } catch (failure) {
      // What was typed stays; the server's message shows beside the field.
      setError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(undefined);
      }}
    >
      <DialogTrigger asChild>
        <Button>{t.add}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.addTitle}</DialogTitle>
          <DialogDescription>{t.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate>
          <Field id="opinion-content" label={t.content} hint={t.contentHint} error={error}>
            {(control) => (
              <textarea
                {...control}
                className="ui-input ao-textarea"
                rows={5}
                value={content}
                onChange={(event) => setContent(event.target.value)}
                onBlur={(event) => {
                  const next = event.relatedTarget;
                  if (!(next instanceof HTMLButtonElement && next.type === 'submit'))
                    setError(check(content));
                }}
              />
            )}
          </Field>
          <DialogFooter>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {zh.common.cancel}
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? t.saving : t.save}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** /noticemanger/approvalOpinions: the audit-opinion templates (`{business}/auditManageInfo/*`). */
export function ApprovalOpinionsPage() {
  const api = useApi();
  const [draft, setDraft] = useState('');
  const [content, setContent] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [busy, setBusy] = useState(false);

  const list = useApiData(
    (client, signal) =>
      client.page<OpinionRow>('business', 'auditManageInfo/getListByPage', {
        query: { content: content || undefined, pageIdx: page, pageSize },
        signal,
      }),
    [content, page, pageSize],
  );
  const rows = list.data?.rows ?? [];
  const { selected, allSelected, toggle, toggleAll, clear } = useSelection(
    rows.map((row) => row.pkid),
    `${content}|${page}|${pageSize}`,
  );
  useStepBackFromEmptyPage(list, page, setPage);

  async function remove(ids: readonly number[]) {
    setBusy(true);
    try {
      const result =
        ids.length === 1
          ? await api.call<ResultInfo<unknown>>('business', `auditManageInfo/delete/${ids[0]}`, {
              method: 'DELETE',
            })
          : await api.call<ResultInfo<unknown>>('business', 'auditManageInfo/batchDelete', {
              body: { ids },
            });
      setFlash({ tone: 'success', text: result.message || auditOpinionTexts.deleteSuccess });
      clear();
    } catch (failure) {
      setFlash({ tone: 'danger', text: messageOf(failure) });
    } finally {
      setBusy(false);
      list.reload();
    }
  }

  const guardSelection = (event: MouseEvent) => {
    if (selected.size > 0) return;
    event.preventDefault();
    setFlash({ tone: 'warning', text: auditOpinionTexts.selectToDelete });
  };

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        actions={
          <AddOpinionDialog
            onAdded={(text) => {
              setFlash({ tone: 'success', text });
              setPage(1);
              list.reload();
            }}
          />
        }
      />
      <Card className="ao-card">
        <form
          className="ao-filter"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setContent(draft.trim());
            setPage(1);
          }}
        >
          <label htmlFor="opinion-search" className="ao-filter__label">
            {t.search}
          </label>
          <Input
            id="opinion-search"
            type="search"
            className="ao-filter__input"
            placeholder={t.searchPlaceholder}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">{t.query}</Button>
          <Button
            variant="secondary"
            onClick={() => {
              setDraft('');
              setContent('');
              setPage(1);
            }}
          >
            {t.reset}
          </Button>
        </form>

        <div className="ao-toolbar">
          <ConfirmDialog
            trigger={
              <Button variant="secondary" size="sm" disabled={busy} onClick={guardSelection}>
                {t.deleteSelected}
              </Button>
            }
            title={t.deleteTitle}
            description={auditOpinionTexts.batchDeleteConfirm(selected.size)}
            confirmVariant="danger"
            onConfirm={() => void remove([...selected])}
          />
          {selected.size > 0 ? (
            <span className="ao-toolbar__count">{zh.messages.selected(selected.size)}</span>
          ) : null}
        </div>

        <div role="status" aria-live="polite">
          {flash ? <p className={cx('ao-flash', `ao-flash--${flash.tone}`)}>{flash.text}</p> : null}
        </div>

        {list.status === 'error' ? (
          <Notice tone="danger">
            <span>{list.error.message}</span>
            <Button variant="secondary" size="sm" onClick={list.reload}>
              {zh.common.retry}
            </Button>
          </Notice>
        ) : list.status === 'success' && rows.length === 0 ? (
          <p className="ui-table-empty">{content ? t.emptySearch : t.empty}</p>
        ) : (
          <div className="ui-table-wrap">
            <table className="ui-table" aria-busy={list.status === 'loading'}>
              <caption className="visually-hidden">{t.title}</caption>
              <thead>
                <tr>
                  <th scope="col" className="ui-table__check">
                    <input
                      type="checkbox"
                      aria-label={t.selectAll}
                      checked={allSelected}
                      onChange={toggleAll}
                    />
                  </th>
                  <th scope="col">{t.content}</th>
                  <th scope="col">{t.createdBy}</th>
                  <th scope="col">{t.createTime}</th>
                  <th scope="col">{t.actions}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.pkid}>
                    <td className="ui-table__check">
                      <input
                        type="checkbox"
                        aria-label={t.select(row.content)}
                        checked={selected.has(row.pkid)}
                        onChange={() => toggle(row.pkid)}
                      />
                    </td>
                    <td className="ui-table__wide">{row.content}</td>
                    <td className="ui-table__nowrap">{row.createUserName ?? '—'}</td>
                    <td className="ui-table__nowrap">
                      <time dateTime={row.createTime}>{formatDateTime(row.createTime)}</time>
                    </td>
                    <td className="ui-table__nowrap">
                      <ConfirmDialog
                        trigger={
                          <button type="button" className="ao-action" disabled={busy}>
                            {t.deleteOne}
                          </button>
                        }
                        title={t.deleteTitle}
                        description={auditOpinionTexts.deleteConfirm}
                        confirmVariant="danger"
                        onConfirm={() => void remove([row.pkid])}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          label={t.title}
        />
      </Card>
    </>
  );
}
