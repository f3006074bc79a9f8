// Drawing pieces of the printable slip: units, the I2of5 barcode at FEBRABAN measures, labelled
// boxes, and the pt-BR formats of money and dates. Rendering only.
import type PDFDocument from 'pdfkit';
import type { Decimal } from '../../../../platform/money.js';
import type { LocalDate } from '../../../../platform/dates.js';
import { encodeInterleaved2of5, symbolWidthInModules } from './interleaved-2of5.js';

type Doc = InstanceType<typeof PDFDocument>;

export const POINTS_PER_MM = 72 / 25.4;
export const mm = (value: number): number => value * POINTS_PER_MM;

// Barcode measures (docs/boletos-and-pix.md, "Barcode drawing"): narrow element X = 0.33 mm, the
// lower bound of the 0.33–0.38 mm range cited for FEBRABAN boletos; wide = 3X (FEBRABAN allows
// 2.5X to 3X, and 3X is the most tolerant for readers); bar height 13 mm; quiet zone ≥ 5 mm.
export const BARCODE_NARROW_MM = 0.33;
export const BARCODE_WIDE_RATIO = 3;
export const BARCODE_HEIGHT_MM = 13;
export const BARCODE_QUIET_ZONE_MM = 5;

/** Draws the 44-digit barcode with its left edge (after the quiet zone) at x; returns its width in mm. */
export function drawBarcode(doc: Doc, barcode: string, xMm: number, yMm: number): number {
  const elements = encodeInterleaved2of5(barcode);
  let cursorMm = xMm;
  doc.save().fillColor('black');
  for (let i = 0; i < elements.length; i += 1) {
    const widthMm = (elements[i] === 'w' ? BARCODE_WIDE_RATIO : 1) * BARCODE_NARROW_MM;
    if (i % 2 === 0) doc.rect(mm(cursorMm), mm(yMm), mm(widthMm), mm(BARCODE_HEIGHT_MM)).fill();
    cursorMm += widthMm;
  }
  doc.restore();
  return symbolWidthInModules(elements, BARCODE_WIDE_RATIO) * BARCODE_NARROW_MM;
}

export interface BoxOptions {
  bold?: boolean;
  align?: 'left' | 'right';
  valueSize?: number;
}

const LABEL_SIZE_PT = 6;
const VALUE_SIZE_PT = 8.5;
const PADDING_MM = 1;

/** A bordered cell with a small label on top and a value below it (the ficha de compensação grid). */
export function box(doc: Doc, xMm: number, yMm: number, wMm: number, hMm: number, label: string, value: string, options: BoxOptions = {}): void {
  doc.lineWidth(0.5).rect(mm(xMm), mm(yMm), mm(wMm), mm(hMm)).stroke();
  const inner = mm(wMm - 2 * PADDING_MM);
  doc.font('Helvetica').fontSize(LABEL_SIZE_PT).text(label, mm(xMm + PADDING_MM), mm(yMm + 0.6), { width: inner, lineBreak: false });
  doc
    .font(options.bold === true ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(options.valueSize ?? VALUE_SIZE_PT)
    .text(value, mm(xMm + PADDING_MM), mm(yMm + 3), { width: inner, height: mm(hMm - 3.5), align: options.align ?? 'left', ellipsis: true });
}

/** "1.234,56" — the slip shows amounts in the Brazilian format. */
export function formatBrl(amount: Decimal): string {
  const [integer = '0', cents = '00'] = amount.toFixed(2).split('.');
  const negative = integer.startsWith('-');
  const digits = negative ? integer.slice(1) : integer;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped},${cents}`;
}

/** "31/12/2007". */
export function formatDate(date: LocalDate): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
