/** Files, notices (with attachments) and the service downloads. */
import type { NoticeType } from '@shared/domain/statuses';
import type * as schema from '@server/db/schema';
import { downloadDocuments, noticeAttachmentDocument, noticeText } from './content';
import type { DemoDocument } from './documents';
import { departmentIds } from './reference';
import { DAY, HOUR, ids, type DemoContext, type DemoDistricts, type Insert } from './demo-context';
import type { DemoFile } from './demo';

export function demoContent(c: DemoContext, geo: DemoDistricts) {
  const { root, ago } = c;
  const { districts } = geo;
  // Files, notices, downloads.
  const contentRng = root.fork('content');
  const files: DemoFile[] = [];
  const addFile = (document: DemoDocument, createdAt: Date) => {
    const file = { ...document, id: contentRng.uuid(), createdAt };
    files.push(file);
    return file.id;
  };
  const downloads: Insert<typeof schema.downloads>[] = downloadDocuments(contentRng.fork('downloads')).map(
    (doc, i) => {
      const createdAt = ago((400 - i * 7) * DAY);
      return {
        pkid: i + 1,
        title: doc.title,
        description: doc.description,
        fileId: addFile(doc, createdAt),
        orderIndex: i + 1,
        createdAt,
        updatedAt: createdAt,
      };
    },
  );

  const noticeTypes: NoticeType[] = contentRng.shuffle([
    ...Array<NoticeType>(18).fill(0),
    ...Array<NoticeType>(4).fill(1),
    ...Array<NoticeType>(3).fill(2),
    ...Array<NoticeType>(5).fill(3),
  ]);
  const typeCounters: Record<NoticeType, number> = { 0: 0, 1: 0, 2: 0, 3: 0 };
  const notices: Insert<typeof schema.notices>[] = [];
  const noticeAttachments: Insert<typeof schema.noticeAttachments>[] = [];
  const noticeOffsets = Array.from({ length: noticeTypes.length }, () => contentRng.int(1, 540 * 24)).sort(
    (a, b) => b - a,
  );
  noticeTypes.forEach((type, i) => {
    const pkid = i + 1;
    const isNewest = i >= noticeTypes.length - 3;
    const state = [7, 15].includes(i) || i === noticeTypes.length - 1 ? 0 : i === 11 ? 2 : 1;
    const time = ago((noticeOffsets[i] as number) * HOUR);
    const text = noticeText(contentRng, type, typeCounters[type]++, time, contentRng.pick(districts).short);
    notices.push({
      pkid,
      noticeTitle: text.title,
      noticeType: type,
      state,
      noticeTime: time,
      noticeContent: text.html,
      deptId: departmentIds.authority,
      createdBy: ids.authority,
      createdAt: time,
      updatedAt: isNewest ? ago(HOUR) : time,
    });
    if (state === 1 && type !== 3 && i % 5 === 1) {
      noticeAttachments.push({
        noticeId: pkid,
        fileId: addFile(noticeAttachmentDocument(contentRng, text.title), time),
        orderIndex: 1,
      });
    }
  });
  noticeAttachments.forEach((row, i) => (row.pkid = i + 1));
  return { files, downloads, notices, noticeAttachments };
}
