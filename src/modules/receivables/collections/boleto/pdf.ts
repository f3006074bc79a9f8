// The printable bank slip (A4): "Recibo do Pagador" on top with the Pix QR of the hybrid boleto,
// and the FEBRABAN "Ficha de Compensação" below the cut line with the I2of5 barcode.
// Rendering only: every value arrives computed in the BoletoSlip.
import PDFDocument from 'pdfkit';
import type { Decimal } from '../../../../platform/money.js';
import type { LocalDate } from '../../../../platform/dates.js';
import { barcodeToLinhaDigitavel, checkBarcode, decodeBarcode, formatLinhaDigitavel } from './barcode.js';
import { bankCodeCheckDigit } from './check-digits.js';
import { BARCODE_HEIGHT_MM, BARCODE_QUIET_ZONE_MM, box, drawBarcode, formatBrl, formatDate, mm } from './pdf-parts.js';
import { qrPngBase64 } from '../pix/qr.js';

export interface SlipParty {
  name: string;
  /** CPF or CNPJ, already formatted for print. */
  document: string;
  address?: string;
}

export interface BoletoSlip {
  bankCode: string;
  bankName: string;
  /** 44 digits; the linha digitável is derived from it. */
  barcode: string;
  dueDate: LocalDate;
  documentDate: LocalDate;
  processingDate: LocalDate;
  documentNumber: string;
  nossoNumero: string;
  wallet: string;
  beneficiary: SlipParty & { agencyAndCode: string };
  payer: SlipParty;
  /** charged = document − discount; it must equal the amount inside the barcode. */
  amounts: { document: Decimal; discount: Decimal; charged: Decimal };
  instructions: string[];
  paymentPlace?: string;
  /** The hybrid boleto's Pix: the BR Code, and its PNG when already rendered. */
  pix?: { emv: string; imagePngBase64?: string };
}

const DEFAULT_PAYMENT_PLACE = 'Pagável em qualquer banco ou correspondente até o vencimento.';
const PAGE_MARGIN_MM = 10;
const CONTENT_WIDTH_MM = 190;
const LEFT_COLUMN_MM = 140;
const ROW_MM = 8.5;
const QR_SIZE_MM = 38;

export async function renderBoletoSlip(slip: BoletoSlip): Promise<Buffer> {
  assertConsistent(slip);
  const qr = slip.pix === undefined ? null : Buffer.from(slip.pix.imagePngBase64 ?? (await qrPngBase64(slip.pix.emv)), 'base64');
  // A fixed CreationDate keeps the same slip byte-identical across renders.
  const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: `Boleto ${slip.nossoNumero}`, CreationDate: new Date(`${slip.processingDate}T12:00:00Z`) } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const linha = formatLinhaDigitavel(barcodeToLinhaDigitavel(slip.barcode));
  drawReceipt(doc, slip, linha, qr);
  drawCutLine(doc, 100);
  drawCompensationForm(doc, slip, linha, 104);
  doc.end();
  return done;
}

function assertConsistent(slip: BoletoSlip): void {
  const check = checkBarcode(slip.barcode);
  if (!check.ok || check.barcode !== slip.barcode) throw new Error(`assertion: slip barcode invalid: ${check.ok ? 'not digits only' : check.problem}`);
  const decoded = decodeBarcode(slip.barcode);
  if (decoded.bankCode !== slip.bankCode) throw new Error('assertion: slip bank code differs from the barcode');
  if (!decoded.amount.eq(slip.amounts.charged)) throw new Error('assertion: slip charged amount differs from the barcode amount');
  if (!slip.amounts.document.minus(slip.amounts.discount).eq(slip.amounts.charged)) throw new Error('assertion: charged ≠ document − discount');
}

type Doc = InstanceType<typeof PDFDocument>;

function drawBankHeader(doc: Doc, slip: BoletoSlip, yMm: number, right: string, rightSize: number): void {
  const x = PAGE_MARGIN_MM;
  doc.font('Helvetica-Bold').fontSize(12).text(slip.bankName, mm(x), mm(yMm + 2.5), { width: mm(48), lineBreak: false, ellipsis: true });
  doc.lineWidth(1.2).moveTo(mm(x + 50), mm(yMm + 1)).lineTo(mm(x + 50), mm(yMm + 9)).stroke();
  doc.fontSize(14).text(`${slip.bankCode}-${bankCodeCheckDigit(slip.bankCode)}`, mm(x + 51), mm(yMm + 2), { width: mm(22), align: 'center' });
  doc.moveTo(mm(x + 74), mm(yMm + 1)).lineTo(mm(x + 74), mm(yMm + 9)).stroke();
  doc.fontSize(rightSize).text(right, mm(x + 76), mm(yMm + 3), { width: mm(CONTENT_WIDTH_MM - 76), align: 'right', lineBreak: false });
}

function drawReceipt(doc: Doc, slip: BoletoSlip, linha: string, qr: Buffer | null): void {
  const x = PAGE_MARGIN_MM;
  drawBankHeader(doc, slip, PAGE_MARGIN_MM, 'Recibo do Pagador', 11);
  let y = 21;
  box(doc, x, y, 110, ROW_MM, 'Beneficiário', `${slip.beneficiary.name} — ${slip.beneficiary.document}`);
  box(doc, x + 110, y, 40, ROW_MM, 'Agência / Código do beneficiário', slip.beneficiary.agencyAndCode);
  box(doc, x + 150, y, 40, ROW_MM, 'Vencimento', formatDate(slip.dueDate), { bold: true, align: 'right' });
  y += ROW_MM;
  box(doc, x, y, 110, ROW_MM, 'Pagador', `${slip.payer.name} — ${slip.payer.document}`);
  box(doc, x + 110, y, 40, ROW_MM, 'Nosso número', slip.nossoNumero);
  box(doc, x + 150, y, 40, ROW_MM, '(=) Valor cobrado', formatBrl(slip.amounts.charged), { bold: true, align: 'right' });
  y += ROW_MM;
  box(doc, x, y, CONTENT_WIDTH_MM, ROW_MM, 'Linha digitável', linha, { bold: true });
  if (qr === null || slip.pix === undefined) return;
  y += ROW_MM + 2;
  doc.image(qr, mm(x), mm(y), { width: mm(QR_SIZE_MM), height: mm(QR_SIZE_MM) });
  doc.font('Helvetica-Bold').fontSize(9).text('Pague com Pix', mm(x + QR_SIZE_MM + 4), mm(y + 2));
  doc.font('Helvetica').fontSize(7).text('Aponte a câmera do aplicativo do seu banco para o QR Code ou use o Pix Copia e Cola:', mm(x + QR_SIZE_MM + 4), mm(y + 7), { width: mm(CONTENT_WIDTH_MM - QR_SIZE_MM - 4) });
  doc.font('Courier').fontSize(6.5).text(slip.pix.emv, mm(x + QR_SIZE_MM + 4), mm(y + 12), { width: mm(CONTENT_WIDTH_MM - QR_SIZE_MM - 4) });
}

function drawCutLine(doc: Doc, yMm: number): void {
  doc.save().lineWidth(0.5).dash(3, { space: 3 }).moveTo(mm(PAGE_MARGIN_MM), mm(yMm)).lineTo(mm(PAGE_MARGIN_MM + CONTENT_WIDTH_MM), mm(yMm)).stroke().undash().restore();
  doc.font('Helvetica').fontSize(6).text('Corte na linha pontilhada', mm(PAGE_MARGIN_MM), mm(yMm + 0.8), { width: mm(CONTENT_WIDTH_MM), align: 'right' });
}

function drawCompensationForm(doc: Doc, slip: BoletoSlip, linha: string, top: number): void {
  const x = PAGE_MARGIN_MM;
  const right = x + LEFT_COLUMN_MM;
  const rightWidth = CONTENT_WIDTH_MM - LEFT_COLUMN_MM;
  const money = { align: 'right' as const };
  drawBankHeader(doc, slip, top, linha, 10.5);
  let y = top + 11;
  box(doc, x, y, LEFT_COLUMN_MM, ROW_MM, 'Local de pagamento', slip.paymentPlace ?? DEFAULT_PAYMENT_PLACE);
  box(doc, right, y, rightWidth, ROW_MM, 'Vencimento', formatDate(slip.dueDate), { bold: true, align: 'right' });
  y += ROW_MM;
  box(doc, x, y, LEFT_COLUMN_MM, ROW_MM, 'Beneficiário', `${slip.beneficiary.name} — ${slip.beneficiary.document}${slip.beneficiary.address ? ` — ${slip.beneficiary.address}` : ''}`);
  box(doc, right, y, rightWidth, ROW_MM, 'Agência / Código do beneficiário', slip.beneficiary.agencyAndCode, money);
  y += ROW_MM;
  row(doc, x, y, [[28, 'Data do documento', formatDate(slip.documentDate)], [32, 'Nº do documento', slip.documentNumber], [20, 'Espécie doc.', 'DM'], [15, 'Aceite', 'N'], [45, 'Data do processamento', formatDate(slip.processingDate)]]);
  box(doc, right, y, rightWidth, ROW_MM, 'Nosso número', slip.nossoNumero, money);
  y += ROW_MM;
  row(doc, x, y, [[28, 'Uso do banco', ''], [32, 'Carteira', slip.wallet], [20, 'Espécie', 'R$'], [15, 'Quantidade', ''], [45, 'Valor', '']]);
  box(doc, right, y, rightWidth, ROW_MM, '(=) Valor do documento', formatBrl(slip.amounts.document), money);
  y += ROW_MM;
  const instructionsTop = y;
  const discount = slip.amounts.discount.isZero() ? '' : formatBrl(slip.amounts.discount);
  for (const [label, value] of [['(-) Desconto / Abatimento', discount], ['(-) Outras deduções', ''], ['(+) Mora / Multa', ''], ['(+) Outros acréscimos', '']]) {
    box(doc, right, y, rightWidth, ROW_MM, label!, value!, money);
    y += ROW_MM;
  }
  box(doc, right, y, rightWidth, ROW_MM, '(=) Valor cobrado', formatBrl(slip.amounts.charged), { bold: true, align: 'right' });
  y += ROW_MM;
  box(doc, x, instructionsTop, LEFT_COLUMN_MM, y - instructionsTop, 'Instruções (texto de responsabilidade do beneficiário)', slip.instructions.join('\n'), { valueSize: 7.5 });
  box(doc, x, y, CONTENT_WIDTH_MM, 12, 'Pagador', `${slip.payer.name} — ${slip.payer.document}${slip.payer.address ? `\n${slip.payer.address}` : ''}`);
  y += 12 + 3;
  drawBarcode(doc, slip.barcode, x + BARCODE_QUIET_ZONE_MM, y);
  doc.font('Helvetica').fontSize(7).text('Autenticação mecânica — Ficha de Compensação', mm(x + 150), mm(y + BARCODE_HEIGHT_MM - 3), { width: mm(40), align: 'right' });
}

function row(doc: Doc, xMm: number, yMm: number, cells: Array<[number, string, string]>): void {
  let cursor = xMm;
  for (const [width, label, value] of cells) {
    box(doc, cursor, yMm, width, ROW_MM, label, value);
    cursor += width;
  }
}
