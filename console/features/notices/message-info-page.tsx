import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { noticeState, noticeType } from '@shared/domain/statuses';
import { noticeMessages } from '@shared/validation/notices';
import { callUrl } from '@shared/api/call';
import { noticeCalls } from '@shared/calls/notices';
import { formatDateTime } from '@shared/format';
import { buttonClass } from '@shared/ui/button';
import { Card, Notice, PageHeader } from '@shared/ui/page';
import { Attachments } from '@console/kit/detail';
import { ConfirmAction, type ActionOutcome } from '@console/kit/confirm-action';
import { StatusBadge } from '@console/kit/status-badge';
import { useCall, useCallMutation } from '@console/kit/query';
import { useApi } from '@console/lib/api';
import { zh } from '@console/lib/i18n';
import '@console/components/rich-text-editor/rich-text-editor.css';
import { Feedback } from './notice-ui';
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
  const notice = useCall(noticeCalls.get, { id });
  const navigationState: unknown = useLocation().state;
  // The save's confirmation shows when the page opens; the next action's outcome replaces it.
  const [feedback, setFeedback] = useState<ActionOutcome | null>(() => {
    const saved = savedMessageOf(navigationState);
    return saved ? { tone: 'success', text: saved } : null;
  });
  const touched = { invalidates: [noticeCalls.list, noticeCalls.get] };
  const publish = useCallMutation(noticeCalls.publish, touched);
  const withdraw = useCallMutation(noticeCalls.withdraw, touched);

  if (notice.error)
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
              <StatusBadge table={noticeState} value={data.state} />
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
                <ConfirmAction
                  label={texts.withdraw}
                  size="md"
                  title={texts.withdrawTitle}
                  question={noticeMessages.confirmWithdraw}
                  action={() => withdraw.mutateAsync({ id })}
                  onDone={setFeedback}
                />
              ) : (
                <ConfirmAction
                  label={texts.publish}
                  size="md"
                  variant="primary"
                  title={texts.publishTitle}
                  question={noticeMessages.confirmPublish}
                  action={() => publish.mutateAsync({ id })}
                  onDone={setFeedback}
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
          <Card>
            <Attachments
              files={data.attachments}
              title={texts.attachments}
              href={(file, kind) =>
                callUrl(api, kind === 'preview' ? noticeCalls.previewFile : noticeCalls.downloadFile, {
                  id: file.fileId,
                })
              }
            />
          </Card>
        </div>
      ) : null}
    </>
  );
}
