import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Receipt } from '@parlance/contract';

/**
 * A purchase's receipt as a PDF (PDFKit), in DejaVu Sans from its npm package: embedded and
 * subset, so names in Latin, Greek, Cyrillic and the other scripts it covers print as typed on
 * any viewer.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
/** Read once, on the first receipt: each PDF embeds the subset it uses. */
let fonts: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all([readFile(FONT_FILES.regular), readFile(FONT_FILES.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
  ));

const MARGIN = 56;

/** How a receipt's paid date reads: "27 Nov 2026, 14:05 UTC". */
export const receiptDate = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  })} UTC`;

const SELLER = 'Parlance';

/**
 * The PDF of a paid purchase (callers check it was paid), naming the app where the account is
 * reached (`appUrl`): its bytes, once written.
 */
export async function receiptPdf(receipt: Receipt, appUrl: string): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Receipt ${receipt.id}`,
      Author: SELLER,
      CreationDate: new Date(receipt.date),
    },
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const written = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(22).text(SELLER);
  doc.font('regular').fontSize(10).fillColor('#555555').text(appUrl);
  doc.moveDown(2);
  doc.font('bold').fontSize(16).fillColor('#000000').text('Receipt');
  doc.moveDown(0.5);

  const lines: [string, string][] = [
    ['Receipt number', receipt.id],
    ['Date paid', receiptDate(receipt.date)],
    ['Billed to', receipt.billedTo.name],
    ['E-mail', receipt.billedTo.email],
    ['Paid with', receipt.method ?? 'Card'],
    ['Description', `${SELLER} credit`],
    ['Amount paid', `${receipt.amount} ${receipt.currency}`],
  ];
  const labelWidth = 130;
  const valueWidth = doc.page.width - MARGIN * 2 - labelWidth;
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.font('regular').fontSize(11).fillColor('#555555').text(label, MARGIN, y, {
      width: labelWidth,
    });
    const labelEnd = doc.y;
    doc.font(label === 'Amount paid' ? 'bold' : 'regular').fillColor('#000000');
    doc.text(value, MARGIN + labelWidth, y, { width: valueWidth });
    doc.y = Math.max(doc.y, labelEnd) + 6;
  }
  if (receipt.transactionId) {
    doc.moveDown(1.5);
    doc
      .font('regular')
      .fontSize(9)
      .fillColor('#555555')
      .text(`Credit transaction ${receipt.transactionId}`, MARGIN);
  }
  doc.end();
  return written;
}
