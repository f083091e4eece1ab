import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { noticeMessages } from '@shared/validation/notices';
import { messageOf } from '@shared/errors/app-error';
import { Button, buttonClass } from '@console/components/ui/button';
import { ConfirmDialog } from '@console/components/ui/confirm-dialog';
import { Card, Notice, PageHeader } from '@console/components/ui/page';
import { useApi } from '@console/lib/api';
import { zh } from '@console/lib/i18n';
import { useApiData } from '@console/lib/use-api-data';
import '@console/components/rich-text-editor/rich-text-editor.css';
import { attachmentUrl, changeNoticeState, getNotice } from './notice-api';
import { formatDateTime, formatSize } from '@shared/format';
import { Feedback, NoticeStateTag, type FeedbackState } from './notice-ui';
import { texts } from './texts';
import './notices.css';

/** The navigation state the maintain page opens this page with after a save. */
export interface SavedNoticeState {
  /** The server's confirmation of the save (or publish). */
  message: string;
}

function savedMessageOf(state: unknown): string | undefined {
  const message = (state as Partial<SavedNoticeState> | null)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** /noticemanger/messageinfo/:noticeid — a notice as the hall will show it, with its state and actions. */
export function MessageInfoPage() {
  const api = useApi();
  const id = Number(useParams().noticeid);
  const notice = useApiData((client, signal) => getNotice(client, id, signal), [id]);
  const navigationState: unknown = useLocation().state;
  // The save's confirmation shows when the page opens; the next action's outcome replaces it.
  const [feedback, setFeedback] = useState<FeedbackState>(() => {
    const saved = savedMessageOf(navigationState);
    return saved ? { tone: 'success', text: saved } : null;
  });

  const act = async (action: 'publish' | 'withdraw') => {
    try {
      const result = await changeNoticeState(api, id, action);
      setFeedback({ tone: 'success', text: result.message });
      notice.reload();
    } catch (error) {
      setFeedback({ tone: 'danger', text: messageOf(error) });
    }
  };

  if (notice.status === 'error')
    return (
      <>
        <PageHeader title={texts.infoTitle} />
        <Notice tone="danger">
          {notice.error.message} <Link to="/noticemanger/message/0">{texts.back}</Link>
        </Notice>
      </>
    );
  // While another notice loads in this page, the one kept from before is not shown as it.
  const data = notice.data?.pkid === id ? notice.data : undefined;
  return (
    <>
      <PageHeader
        title={data ? data.noticeTitle : texts.infoTitle}
        description={
          data ? (
            <span className="nm-meta">
              <NoticeStateTag state={data.state} />
              <span>{noticeType.label(data.noticeType)}</span>
              <span>
                {texts.publishedAt}：<time dateTime={data.noticeTime}>{formatDateTime(data.noticeTime)}</time>
              </span>
            </span>
          ) : (
            zh.common.loading
          )
        }
        actions={
          data ? (
            <>
              <Link
                className={buttonClass({ variant: 'secondary' })}
                to={`/noticemanger/message/${data.noticeType}`}
              >
                {texts.back}
              </Link>
              <Link
                className={buttonClass({ variant: 'secondary' })}
                to={`/noticemanger/messagemaintain/${data.pkid}`}
              >
                {texts.edit}
              </Link>
              {data.state === noticeState.code.published ? (
                <ConfirmDialog
                  trigger={<Button variant="secondary">{texts.withdraw}</Button>}
                  title={texts.withdrawTitle}
                  description={noticeMessages.confirmWithdraw}
                  onConfirm={() => void act('withdraw')}
                />
              ) : (
                <ConfirmDialog
                  trigger={<Button>{texts.publish}</Button>}
                  title={texts.publishTitle}
                  description={noticeMessages.confirmPublish}
                  onConfirm={() => void act('publish')}
                />
              )}
            </>
          ) : null
        }
      />
      <Feedback feedback={feedback} />
      {data ? (
        <div className="nm-stack">
          <Card>
            {/* Sanitized by the server's allowlist before it was stored (server/lib/html-sanitizer.ts). */}
            <div className="rich-html nm-content" dangerouslySetInnerHTML={{ __html: data.noticeContent }} />
          </Card>
          <Card aria-labelledby="nm-attachments-title">
            <h2 id="nm-attachments-title" className="nm-section-title">
              {texts.attachments}
            </h2>
            {data.attachments.length === 0 ? (
              <p className="nm-muted">{texts.noAttachments}</p>
            ) : (
              <ul className="nm-files" role="list">
                {data.attachments.map((file) => (
                  <li key={file.fileId} className="nm-file">
                    <span className="nm-file__name">{file.fileName}</span>
                    <span className="nm-muted">{formatSize(file.size)}</span>
                    <a
                      href={attachmentUrl(api, file.fileId, 'preview')}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {texts.preview}
                      <span className="visually-hidden">{file.fileName}</span>
                    </a>
                    <a href={attachmentUrl(api, file.fileId, 'download')} download={file.fileName}>
                      {texts.download}
                      <span className="visually-hidden">{file.fileName}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      ) : null}
    </>
  );
}
