import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { constructionAttachmentKind } from '@shared/domain/construction';
import { auditStatus } from '@shared/domain/statuses';
import { constructionFiles } from '@shared/validation/construction';
import {
  AttachmentFields,
  AttachmentsByKind,
  isEditable,
  RegistrationPage,
  requiredNotes,
  type RegistrationPageProps,
  type RegistrationRecord,
} from './registration';

const record = (status: number): RegistrationRecord => ({
  auditStatus: status,
  submittedAt: '2026-11-20T02:00:00.000Z',
  auditedAt: null,
  attachments: [],
});

/** The server-rendered markup without React's text separators. */
const markup = (node: ReactNode) => renderToString(node).replace(/<!-- -->/g, '');

const page = (query: Partial<RegistrationPageProps<RegistrationRecord>['query']>) =>
  markup(
    <RegistrationPage
      title="单位信息"
      intro="请填写单位信息"
      query={{ isPending: false, error: null, data: null, ...query }}
      banner={{
        rejected: () => <p>banner:rejected</p>,
        pending: () => <p>banner:pending</p>,
        approved: () => <p>banner:approved</p>,
      }}
      form={(current) => <p>form:{current ? 'record' : 'none'}</p>}
      details={() => <p>details</p>}
      timeline={() => <p>timeline</p>}
    />,
  );

describe('a registration under review', () => {
  it('is editable before it exists, as a draft and after a rejection only', () => {
    expect(isEditable(null)).toBe(true);
    expect(isEditable(record(auditStatus.code.draft))).toBe(true);
    expect(isEditable(record(auditStatus.code.rejected))).toBe(true);
    expect(isEditable(record(auditStatus.code.pending))).toBe(false);
    expect(isEditable(record(auditStatus.code.approved))).toBe(false);
  });

  it('shows the intro and the empty form before anything is registered, without a timeline', () => {
    const html = page({});
    expect(html).toContain('请填写单位信息');
    expect(html).toContain('form:none');
    expect(html).not.toContain('banner:');
    expect(html).not.toContain('timeline');
  });

  it("shows each state's banner, the form while editable and the details otherwise, then the timeline", () => {
    const cases = [
      [auditStatus.code.draft, null, 'form:record'],
      [auditStatus.code.rejected, 'banner:rejected', 'form:record'],
      [auditStatus.code.pending, 'banner:pending', 'details'],
      [auditStatus.code.approved, 'banner:approved', 'details'],
    ] as const;
    for (const [status, banner, body] of cases) {
      const html = page({ data: record(status) });
      expect(html, String(status)).toContain(auditStatus.label(status));
      expect(html).toContain('提交时间：');
      if (banner) expect(html).toContain(banner);
      else expect(html).not.toContain('banner:');
      expect(html).toContain(body);
      expect(html.indexOf(body)).toBeLessThan(html.indexOf('timeline'));
    }
  });

  it('shows the loading state and a failure', () => {
    expect(page({ isPending: true })).toContain('正在加载…');
    expect(page({ error: { message: '登录已失效' } })).toContain('登录已失效');
  });

  it('lists the files of each attachment kind, and 未上传 for a kind without', () => {
    const files = [{ fileId: 'f1', fileName: '营业执照.pdf', size: 2048, kind: 1 }];
    const html = markup(
      <AttachmentsByKind
        kinds={constructionAttachmentKind}
        files={files}
        href={(file, kind) => `/${kind}/${file.fileId}`}
      />,
    );
    expect(html).toContain('营业执照.pdf');
    expect(html).toContain('/preview/f1');
    expect(html).toMatch(/其他附件<\/h2>.*未上传/);
  });

  it('offers a file field per kind, marks the required ones and lists the files it keeps', () => {
    const kept = [{ fileId: 'f2', fileName: '说明.pdf', size: 10, kind: 2 }];
    const html = markup(
      <AttachmentFields
        kinds={constructionFiles.kinds}
        notes={requiredNotes(constructionFiles)}
        kept={kept}
        onFile={() => {}}
        onRemove={() => {}}
      />,
    );
    expect(html).toMatch(/<label[^>]*>营业执照（必须）<\/label>/);
    expect(html).toMatch(/<label[^>]*>其他附件<\/label>/);
    expect(html.match(/type="file"/g)).toHaveLength(2);
    expect(html).toContain('已上传：说明.pdf');
    expect(html).toContain('删除');
  });
});
