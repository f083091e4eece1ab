/** What only the hall shows; dates and sizes are in @shared/format. */
import { splitFileName } from '@shared/validation/upload';

/** The type a person recognises, from a file name and content type. */
export function fileKind(fileName: string, contentType: string): string {
  const { extension } = splitFileName(fileName);
  const known: Record<string, string> = {
    doc: 'Word 文档',
    docx: 'Word 文档',
    xls: 'Excel 表格',
    xlsx: 'Excel 表格',
    csv: 'CSV 表格',
    pdf: 'PDF 文档',
    txt: '文本文件',
    zip: '压缩包',
    png: '图片',
    jpg: '图片',
    jpeg: '图片',
  };
  return (
    known[extension] ??
    (contentType.startsWith('image/') ? '图片' : `${extension.toUpperCase() || '其他'} 文件`)
  );
}

/** 87.5% */
export function formatPercent(rate: number | null): string {
  return rate === null ? '暂无数据' : `${(rate * 100).toFixed(1)}%`;
}
