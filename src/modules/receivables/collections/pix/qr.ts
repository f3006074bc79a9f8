// PNG QR code of a Pix BR Code, returned as base64 (the `imagem` of the interface).
// The qrcode package computes the module matrix; we write the PNG ourselves as a 1-bit grayscale
// image (a QR is black and white). The package's own PNG path renders 8-bit RGBA and lets pngjs try
// every row filter: ~30 ms per code, the largest cost of issuing a boleto. This writes the same
// picture in well under a millisecond and a fraction of the bytes. The symbol uses one fixed mask
// and segments from qr-segments.ts: qrcode's mask choice and segment optimiser were ~90 % of its
// CPU (issue 14).
import { crc32 } from 'node:zlib';
import QRCode from 'qrcode';
import { PAYLOAD_CHARS_MAX, QR_MARGIN_MODULES_MAX, QR_SCALE_PIXELS_PER_MODULE_MAX, QR_SYMBOL_MODULES_MAX } from '../../limits.js';
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

/** Bytes of a PNG chunk around `data` bytes: length, type, CRC. */
const CHUNK_FRAME_BYTES = 12;
const IHDR_BYTES = 13;

/** Writes the chunk whose data is already at `at + 8` (its `length` bytes): length, type, then the CRC of type and data. Returns where the next chunk starts. */
function frameChunk(png: Buffer, at: number, type: string, length: number): number {
  png.writeUInt32BE(length, at);
  png.write(type, at + 4, 'ascii');
  png.writeUInt32BE(crc32(png.subarray(at + 4, at + 8 + length)) >>> 0, at + 8 + length);
  return at + CHUNK_FRAME_BYTES + length;
}

/** The pixel rows, kept between calls (synchronous uses only) and grown when too small: a typed array per code was GC work (issue 14). Bounded by encodeModulesPng's limits. */
let rowScratch = Buffer.alloc(0);

/** Every pixel of the row at `offset` white (its filter byte, 0, skipped; the last byte's padding bits stay 0). */
function whiteRow(rows: Buffer, offset: number, width: number): void {
  const whole = width >> 3;
  for (let at = offset + 1, end = at + whole; at < end; at += 1) rows[at] = 0xff;
  if ((width & 7) !== 0) rows[offset + 1 + whole] = (0xff << (8 - (width & 7))) & 0xff;
}

/** Pixels `x` to `x + scale - 1` of the row at `offset` black. Plain byte writes: Buffer#fill per module cost more than the rest. */
function darken(rows: Buffer, offset: number, x: number, scale: number): void {
  const pixels = offset + 1;
  if ((x & 7) === 0 && (scale & 7) === 0) {
    // Whole bytes per module (the default scale): no bit arithmetic.
    for (let at = pixels + (x >> 3), end = at + (scale >> 3); at < end; at += 1) rows[at] = 0;
    return;
  }
  for (let px = x; px < x + scale; px += 1) rows[pixels + (px >> 3)]! &= ~(0x80 >> (px & 7));
}

/**
 * 1-bit grayscale PNG of a square module matrix: dark modules black, the rest white (all white
 * first, then each dark module's pixels cleared). The pixel rows
 * of one module row are identical, so each is packed once and deflated as one row and `scale` - 1
 * copies of it (repeated-rows-deflate.ts; issue 14).
 */
export function encodeModulesPng(size: number, isDark: (row: number, col: number) => boolean, scale = PIXELS_PER_MODULE, margin = QUIET_ZONE_MODULES): Buffer {
  if (!(Number.isInteger(size) && size >= 1 && size <= QR_SYMBOL_MODULES_MAX && Number.isInteger(scale) && scale >= 1 && scale <= QR_SCALE_PIXELS_PER_MODULE_MAX && Number.isInteger(margin) && margin >= 0 && margin <= QR_MARGIN_MODULES_MAX)) {
    throw new Error(`assertion: a QR of 1 to ${QR_SYMBOL_MODULES_MAX} modules, scale 1 to ${QR_SCALE_PIXELS_PER_MODULE_MAX}, margin 0 to ${QR_MARGIN_MODULES_MAX} (the scratch arrays' bound)`);
  }
  const width = (size + 2 * margin) * scale;
  const stride = Math.ceil(width / 8) + 1; // each row: filter byte 0 (none) + pixels
  const length = stride * (size + 2 * margin);
  if (rowScratch.length < length) rowScratch = Buffer.alloc(length);
  const rows = rowScratch.subarray(0, length).fill(0);
  for (let offset = 0; offset < rows.length; offset += stride) whiteRow(rows, offset, width);
  for (let row = 0; row < size; row += 1) {
    const offset = (row + margin) * stride;
    for (let col = 0; col < size; col += 1) if (isDark(row, col)) darken(rows, offset, (col + margin) * scale, scale);
  }
  const idat = deflateRepeatedRows(rows, stride, scale);
  // One buffer written in place (the signature, IHDR, IDAT, IEND), not a Buffer per piece joined.
  const png = Buffer.alloc(PNG_SIGNATURE.length + 3 * CHUNK_FRAME_BYTES + IHDR_BYTES + idat.length);
  PNG_SIGNATURE.copy(png, 0);
  const ihdr = PNG_SIGNATURE.length;
  png.writeUInt32BE(width, ihdr + 8);
  png.writeUInt32BE(width, ihdr + 12);
  png.writeUInt8(1, ihdr + 16); // bit depth 1
  png.writeUInt8(0, ihdr + 17); // colour type 0: grayscale (compression, filter, interlace: 0)
  const at = frameChunk(png, ihdr, 'IHDR', IHDR_BYTES);
  idat.copy(png, at + 8);
  frameChunk(png, frameChunk(png, at, 'IDAT', idat.length), 'IEND', 0);
  return png;
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
  const { size, data } = qrSymbol(payload).modules;
  return encodeModulesPng(size, (row, col) => data[row * size + col] === 1).toString('base64');
}
