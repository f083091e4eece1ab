/**
 * The contract document (issue 14): a PDF rendered from the template version the contract was drafted
 * from and the contract's records, rendered as every PDF is (server/lib/pdf.ts: Noto Sans SC embedded
 * as a subset, a few tens of kilobytes); the text stays extractable (pdfkit writes a ToUnicode map).
 * Every page carries the contract number and "第 n 页 共 m 页".
 */
import { eq } from 'drizzle-orm';
import type { Queryable } from '@server/db/database';
import { renderPdf, type PdfDocument } from '@server/lib/pdf';
import { contractTemplates } from '@server/db/schema';
import {
  contractPlaceholders,
  enteredPlaceholders,
  placeholderPattern,
  type ContractPlaceholder,
} from '@shared/domain/contracts';
import { AppError } from '@shared/errors/app-error';
import { formatMoney } from '@shared/format';
import { amountInWords } from '@shared/money';
import { contractMessages } from '@shared/validation/contracts';
import { currentTemplate } from './templates';

/** What the placeholders are filled from. */
export interface ContractDocumentData {
  contractNo: string;
  contractName: string;
  ownerName: string;
  agencyName: string;
  projectName: string;
  projectNo: string;
  stageName: string | null;
  items: readonly string[];
  amount: string | null;
  signedOn: string | null;
  filingNo: string | null;
  filedAt: Date | null;
  /** What the agency entered on the draft. */
  paymentTerms: string | null;
  startOn: string | null;
  endOn: string | null;
}

/** yyyy年m月d日 in Beijing time, for a calendar date or an instant. */
function chineseDate(value: string | Date | null): string {
  if (value === null) return '';
  const text =
    typeof value === 'string' ? value : new Date(value.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const [year, month, day] = text.split('-').map(Number);
  return `${year}年${month}月${day}日`;
}

/** 履行期限: "2026年3月1日至2026年6月30日", or the one end entered. */
function periodText(startOn: string | null, endOn: string | null): string {
  if (startOn && endOn) return `${chineseDate(startOn)}至${chineseDate(endOn)}`;
  if (startOn) return `自${chineseDate(startOn)}起`;
  if (endOn) return `至${chineseDate(endOn)}止`;
  return '（未填写）';
}

export function placeholderValues(data: ContractDocumentData): Record<ContractPlaceholder, string> {
  return {
    paymentTerms: data.paymentTerms?.trim() ? data.paymentTerms.trim() : '（未填写）',
    period: periodText(data.startOn, data.endOn),
    contractNo: data.contractNo,
    contractName: data.contractName,
    ownerName: data.ownerName,
    agencyName: data.agencyName,
    projectName: data.projectName,
    projectNo: data.projectNo,
    stageName: data.stageName ?? '',
    items: data.items.join('、'),
    amount: data.amount === null ? '（未填写）' : formatMoney(data.amount),
    amountInWords: data.amount === null ? '（未填写）' : amountInWords(data.amount),
    signedOn: data.signedOn ? chineseDate(data.signedOn) : '（未签订）',
    filingNo: data.filingNo ?? '（尚未备案）',
    filedOn: data.filedAt ? chineseDate(data.filedAt) : '（尚未备案）',
  };
}

type Block = { kind: 'h1' | 'h2' | 'h3' | 'p' | 'li' | 'hr'; text: string };

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
    return entities[name.toLowerCase()] ?? whole;
  });
}

/**
 * The sanitized template HTML (server/lib/html-sanitizer.ts allowlist) as paragraphs: block tags start
 * a block, the rest is text. Formatting inside a paragraph (bold, fonts) is not carried over: a
 * contract is plain, numbered text.
 */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const pattern = /<(\/?)([a-z0-9]+)[^>]*>|([^<]+)/gi;
  let current: Block | null = null;
  const flush = () => {
    if (current && current.text.trim() !== '') blocks.push({ ...current, text: current.text.trim() });
    current = null;
  };
  for (const match of html.matchAll(pattern)) {
    const [, closing, rawTag, text] = match;
    if (text !== undefined) {
      current ??= { kind: 'p', text: '' };
      // Collapse HTML whitespace, but keep full-width spaces (U+3000), which Chinese text spaces with.
      current.text += decode(text).replace(/[ \t\r\n\f]+/g, ' ');
      continue;
    }
    const tag = (rawTag ?? '').toLowerCase();
    if (tag === 'br') {
      if (current) current.text += '\n';
      continue;
    }
    if (tag === 'hr') {
      flush();
      blocks.push({ kind: 'hr', text: '' });
      continue;
    }
    if (/^(p|h[1-6]|li|blockquote|tr|div|pre|ul|ol|table)$/.test(tag)) {
      flush();
      if (!closing) {
        const kind: Block['kind'] =
          tag === 'h1' ? 'h1' : tag === 'h2' ? 'h2' : /^h[3-6]$/.test(tag) ? 'h3' : tag === 'li' ? 'li' : 'p';
        current = { kind, text: '' };
      }
    } else if (tag === 'td' || tag === 'th') {
      if (current && closing) current.text += '\u3000';
    }
  }
  flush();
  return blocks;
}

function fill(text: string, values: Record<ContractPlaceholder, string>): string {
  return text.replace(placeholderPattern, (whole, name: string) =>
    name in values ? values[name as ContractPlaceholder] : whole,
  );
}

/** The template text of a contract: its recorded version, else the stage's current one. */
export async function templateFor(
  db: Queryable,
  templateId: number | null,
  stageId: number | null,
): Promise<{ title: string; content: string; version: number }> {
  if (templateId !== null) {
    const [row] = await db
      .select({
        title: contractTemplates.title,
        content: contractTemplates.content,
        version: contractTemplates.version,
      })
      .from(contractTemplates)
      .where(eq(contractTemplates.templateId, templateId));
    if (row) return row;
  }
  const current = stageId === null ? undefined : await currentTemplate(db, stageId);
  if (!current) throw new AppError('conflict', { message: contractMessages.noTemplate });
  return current;
}

const MARGIN = 64;

type Template = { title: string; content: string; version: number };
type Values = Record<ContractPlaceholder, string>;

/** The template's text, block by block, with its placeholders filled. */
function writeBlocks(doc: PdfDocument, template: Template, values: Values, width: number): void {
  for (const block of htmlToBlocks(template.content)) {
    const text = fill(block.text, values);
    switch (block.kind) {
      case 'h1':
      case 'h2':
        doc
          .font('bold')
          .fontSize(block.kind === 'h1' ? 20 : 18)
          .text(text, { align: 'center', width });
        doc.moveDown(0.8);
        break;
      case 'h3':
        doc.moveDown(0.4).font('bold').fontSize(13).text(text, { width });
        doc.moveDown(0.2);
        break;
      case 'li':
        doc.font('body').fontSize(11.5).text(`• ${text}`, { width, indent: 12, lineGap: 4 });
        break;
      case 'hr':
        doc
          .moveTo(MARGIN, doc.y + 4)
          .lineTo(MARGIN + width, doc.y + 4)
          .stroke('#999999');
        doc.moveDown(0.6);
        break;
      default:
        doc.font('body').fontSize(11.5).text(text, { width, lineGap: 4, paragraphGap: 6 });
    }
  }
}

/**
 * What was entered on the contract but the template does not print (an older template, or one an
 * administrator wrote without those placeholders): every entered term appears in the PDF.
 */
function writeAgreedTerms(
  doc: PdfDocument,
  template: Template,
  data: ContractDocumentData,
  values: Values,
  width: number,
) {
  const used = new Set([...template.content.matchAll(placeholderPattern)].map((match) => match[1]));
  const entered: Record<(typeof enteredPlaceholders)[number], boolean> = {
    paymentTerms: Boolean(data.paymentTerms?.trim()),
    period: Boolean(data.startOn || data.endOn),
  };
  const missing = enteredPlaceholders.filter((key) => entered[key] && !used.has(key));
  if (missing.length === 0) return;
  doc.moveDown(0.4).font('bold').fontSize(13).text('双方约定', { width });
  doc.moveDown(0.2);
  for (const key of missing) {
    const label = contractPlaceholders.find((p) => p.key === key)?.label ?? key;
    doc.font('body').fontSize(11.5).text(`${label}：${values[key]}`, { width, lineGap: 4, paragraphGap: 6 });
  }
}

/** The signature block is not part of any template: every contract ends with it. */
function writeSignatures(doc: PdfDocument, data: ContractDocumentData, values: Values, width: number): void {
  doc.moveDown(1.5).font('body').fontSize(11.5);
  const top = doc.y;
  doc.text(`甲方（盖章）：${data.ownerName}`, MARGIN, top, { width: width / 2 - 8 });
  doc.text(`乙方（盖章）：${data.agencyName}`, MARGIN + width / 2 + 8, top, { width: width / 2 - 8 });
  doc.x = MARGIN;
  doc.moveDown(1);
  doc.text(`备案编号：${values.filingNo}\u3000\u3000备案日期：${values.filedOn}`, MARGIN, doc.y, { width });
}

/** Every page's footer: the contract number, the template and "第 n 页 共 m 页". */
function writeFooters(doc: PdfDocument, data: ContractDocumentData, template: Template, width: number): void {
  const range = doc.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Writing in the bottom margin: lift it for the footer so pdfkit does not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('body')
      .fontSize(9)
      .fillColor('#555555')
      .text(
        `合同编号 ${data.contractNo}\u3000模板 ${template.title} 第${template.version}版\u3000第 ${index + 1} 页 共 ${range.count} 页`,
        MARGIN,
        doc.page.height - MARGIN + 8,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
    doc.fillColor('#000000');
  }
}

/** Renders the PDF into memory (a contract is a few pages: tens of kilobytes). */
export async function renderContractPdf(template: Template, data: ContractDocumentData): Promise<Buffer> {
  const values = placeholderValues(data);
  return renderPdf(
    {
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN + 12, left: MARGIN, right: MARGIN },
      bufferPages: true,
      info: {
        Title: `${data.contractName}（${data.contractNo}）`,
        Author: data.agencyName,
        Subject: template.title,
        Creator: '多测合一网上办事大厅',
      },
    },
    (doc) => {
      const width = doc.page.width - 2 * MARGIN;
      writeBlocks(doc, template, values, width);
      writeAgreedTerms(doc, template, data, values, width);
      writeSignatures(doc, data, values, width);
      writeFooters(doc, data, template, width);
    },
  );
}
