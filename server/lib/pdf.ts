/**
 * Every PDF of the product (the contract document, the acceptance certificate) is rendered here, into
 * memory: pdfkit with Noto Sans SC registered as the fonts 'body' and 'bold' (SIL Open Font License,
 * shipped in the @expo-google-fonts/noto-sans-sc npm package, so no system font is needed; pdfkit embeds
 * a subset of the glyphs used, which keeps a document at tens of kilobytes instead of the font's 10 MB).
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
const fontPath = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const boldFontPath = require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf');

export type PdfDocument = InstanceType<typeof PDFDocument>;

/** A new document with `options`, written by `draw`, ended, and its bytes. */
export async function renderPdf(
  options: ConstructorParameters<typeof PDFDocument>[0],
  draw: (doc: PdfDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('body', fontPath);
  doc.registerFont('bold', boldFontPath);
  draw(doc);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
