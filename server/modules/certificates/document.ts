/**
 * The certificate PDF (issue 22): one A4 page with the certificate number, the project, its owner and
 * agency, the survey items, the dates and a QR code linking to the hall's public verification page.
 * Rendered as every PDF is (server/lib/pdf.ts), with Noto Sans SC embedded as a subset.
 */
import QRCode from 'qrcode';
import { renderPdf, type PdfDocument } from '@server/lib/pdf';
import { beijingDate } from '@shared/domain/working-days';

export interface CertificateDocumentData {
  certificateNo: string;
  projectName: string;
  projectNo: string;
  ownerName: string;
  agencyName: string | null;
  itemNames: readonly string[];
  issuedAt: Date;
  /** The date the results were accepted (the project's move to 6), when known. */
  acceptedAt: Date | null;
  verifyUrl: string;
}

/** yyyy年m月d日 in Beijing time. */
export function chineseDate(value: Date): string {
  const [year, month, day] = beijingDate(value).split('-').map(Number);
  return `${year}年${month}月${day}日`;
}

/** The QR code of a verification address as a PNG: the PDF prints it and the detail page shows it. */
export function certificateQrPng(verifyUrl: string): Promise<Buffer> {
  return QRCode.toBuffer(verifyUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

const MARGIN = 64;
const QR_SIZE = 120;

/** The red border, the title and the certificate number. */
function drawHeading(doc: PdfDocument, data: CertificateDocumentData, width: number): void {
  doc
    .rect(MARGIN / 2, MARGIN / 2, doc.page.width - MARGIN, doc.page.height - MARGIN)
    .lineWidth(2)
    .stroke('#8a1c1c');
  doc
    .font('bold')
    .fontSize(24)
    .fillColor('#8a1c1c')
    .text('多测合一测绘成果验收证书', MARGIN, MARGIN + 16, {
      width,
      align: 'center',
    });
  doc.moveDown(0.4);
  doc
    .font('body')
    .fontSize(12)
    .fillColor('#000000')
    .text(`证书编号：${data.certificateNo}`, { width, align: 'center' });
  doc.moveDown(1.5);
}

/** The labelled facts of the project and the attestation sentence under them. */
function drawDetails(doc: PdfDocument, data: CertificateDocumentData, width: number): void {
  const lines: [string, string][] = [
    ['项目名称', data.projectName],
    ['项目编号', data.projectNo],
    ['建设单位', data.ownerName],
    ['测绘中介机构', data.agencyName ?? '—'],
    ['测绘事项', data.itemNames.length > 0 ? data.itemNames.join('、') : '—'],
    ['验收日期', data.acceptedAt ? chineseDate(data.acceptedAt) : chineseDate(data.issuedAt)],
    ['发证日期', chineseDate(data.issuedAt)],
  ];
  for (const [label, value] of lines) {
    doc
      .font('bold')
      .fontSize(12.5)
      .text(`${label}：`, MARGIN + 16, doc.y, { continued: true });
    doc.font('body').text(value, { width: width - 32, lineGap: 4 });
    doc.moveDown(0.6);
  }
  doc.moveDown(1);
  doc
    .font('body')
    .fontSize(12)
    .text(
      '经审核，上述项目的测绘成果已通过验收，特发此证。本证书的真伪可扫描右下方二维码，或在网上办事大厅“证书核验”页面输入证书编号查询。',
      MARGIN + 16,
      doc.y,
      { width: width - 32, lineGap: 6 },
    );
}

/** The foot of the page: the QR code bottom right, the issuer, the date and the verification address. */
function drawFooter(doc: PdfDocument, data: CertificateDocumentData, qr: Buffer, width: number): void {
  const qrTop = doc.page.height - MARGIN - QR_SIZE - 40;
  doc.image(qr, doc.page.width - MARGIN - QR_SIZE, qrTop, { width: QR_SIZE, height: QR_SIZE });
  doc
    .font('body')
    .fontSize(9)
    .fillColor('#555555')
    .text('扫码核验', doc.page.width - MARGIN - QR_SIZE, qrTop + QR_SIZE + 4, {
      width: QR_SIZE,
      align: 'center',
    });
  doc
    .font('bold')
    .fontSize(13)
    .fillColor('#000000')
    .text('云州市多测合一主管部门', MARGIN + 16, qrTop + 30, { width: width - QR_SIZE - 48 });
  doc
    .font('body')
    .fontSize(12)
    .text(chineseDate(data.issuedAt), MARGIN + 16, qrTop + 56, {
      width: width - QR_SIZE - 48,
    });
  doc
    .font('body')
    .fontSize(8)
    .fillColor('#555555')
    .text(data.verifyUrl, MARGIN + 16, qrTop + QR_SIZE + 4, {
      width: width - QR_SIZE - 48,
      lineBreak: false,
    });
}

/** Renders the certificate into memory (one page, a few tens of kilobytes). */
export async function renderCertificatePdf(data: CertificateDocumentData): Promise<Buffer> {
  const qr = await certificateQrPng(data.verifyUrl);
  return renderPdf(
    {
      size: 'A4',
      margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
      info: {
        Title: `多测合一测绘成果验收证书（${data.certificateNo}）`,
        Subject: data.projectName,
        Creator: '多测合一网上办事大厅',
      },
    },
    (doc) => {
      const width = doc.page.width - 2 * MARGIN;
      drawHeading(doc, data, width);
      drawDetails(doc, data, width);
      drawFooter(doc, data, qr, width);
    },
  );
}
