// PNG QR code of a Pix BR Code, returned as base64 (the `imagem` of the interface).
// The qrcode package computes the module matrix; we write the PNG ourselves as a 1-bit grayscale
// image (a QR is black and white). The package's own PNG path renders 8-bit RGBA and lets pngjs try
// every row filter: ~30 ms per code, the largest cost of issuing a boleto. This writes the same
// picture in well under a millisecond and a fraction of the bytes. The symbol uses one fixed mask
// and segments from qr-segments.ts: qrcode's mask choice and segment optimiser were ~90 % of its
// CPU (issue 14).
import { crc32 } from 'node:zlib';
import QRCode from 'qrcode';
import { PAYLOAD_CHARS_MAX } from '../../limits.js';
import { CLASS_LAST_VERSION, qrSegments } from './qr-segments.js';
import { deflateRepeatedRows } from './repeated-rows-deflate.js';

/** Error correction M (15%): the level Pix apps and the BCB examples use for BR Codes. */
const ERROR_CORRECTION = 'M';
/** Quiet zone of 4 modules, the minimum ISO/IEC 18004 asks for. */
const QUIET_ZONE_MODULES = 4;
/** 8 px per module keeps a typical BR Code (~57 modules with margin) near 460 px wide. */
const PIXELS_PER_MODULE = 8;
/**
 * One fixed mask (ISO/IEC 18004 allows any of the 8; every reader decodes each): choosing the best
 * scores all 8 masked matrices, ~75 % of the code's CPU (issue 14).
 */
const MASK_PATTERN = 0;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Packs the pixels of one module row into `raw` at `offset` (its filter byte, already 0, is
 * skipped): white bits set. Plain byte writes: Buffer#fill per module cost more than the rest.
 */
function packRow(raw: Buffer, offset: number, moduleRow: number, size: number, isDark: (row: number, col: number) => boolean, scale: number, margin: number): void {
  const modules = size + 2 * margin;
  const inside = moduleRow >= 0 && moduleRow < size;
  const whiteAt = (moduleCol: number) => !(inside && moduleCol >= 0 && moduleCol < size && isDark(moduleRow, moduleCol));
  const pixels = offset + 1;
  if (scale % 8 === 0) {
    // Whole bytes per module (the default scale): 0xff or 0x00, no bit arithmetic.
    const bytes = scale / 8;
    for (let col = 0; col < modules; col += 1) {
      if (!whiteAt(col - margin)) continue;
      for (let at = pixels + col * bytes, end = at + bytes; at < end; at += 1) raw[at] = 0xff;
    }
    return;
  }
  for (let x = 0; x < modules * scale; x += 1) if (whiteAt(Math.floor(x / scale) - margin)) raw[pixels + (x >> 3)]! |= 0x80 >> (x & 7);
}

/**
 * 1-bit grayscale PNG of a square module matrix: dark modules black, the rest white. The pixel rows
 * of one module row are identical, so each is packed once and deflated as one row and `scale` - 1
 * copies of it (repeated-rows-deflate.ts; issue 14).
 */
export function encodeModulesPng(size: number, isDark: (row: number, col: number) => boolean, scale = PIXELS_PER_MODULE, margin = QUIET_ZONE_MODULES): Buffer {
  const width = (size + 2 * margin) * scale;
  const stride = Math.ceil(width / 8) + 1; // each row: filter byte 0 (none) + pixels
  const rows = Buffer.alloc(stride * (size + 2 * margin), 0);
  for (let moduleRow = -margin; moduleRow < size + margin; moduleRow += 1) packRow(rows, (moduleRow + margin) * stride, moduleRow, size, isDark, scale, margin);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(width, 4);
  header.writeUInt8(1, 8); // bit depth 1
  header.writeUInt8(0, 9); // colour type 0: grayscale
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateRepeatedRows(rows, stride, scale)), chunk('IEND', Buffer.alloc(0))]);
}

/** The QR symbol of `payload`: segments for the smallest version class that holds them. */
export function qrSymbol(payload: string): QRCode.QRCode {
  for (const versionClass of [0, 1, 2] as const) {
    const symbol = QRCode.create(qrSegments(payload, versionClass), { errorCorrectionLevel: ERROR_CORRECTION, maskPattern: MASK_PATTERN });
    if (symbol.version <= CLASS_LAST_VERSION[versionClass]) return symbol;
  }
  throw new Error('assertion: a QR payload within PAYLOAD_CHARS_MAX fits version 40');
}

export async function qrPngBase64(payload: string): Promise<string> {
  if (payload.length === 0 || payload.length > PAYLOAD_CHARS_MAX) throw new Error(`assertion: QR payload must have 1 to ${PAYLOAD_CHARS_MAX} characters`);
  const { modules } = qrSymbol(payload);
  return encodeModulesPng(modules.size, (r, c) => modules.get(r, c) === 1).toString('base64');
}
