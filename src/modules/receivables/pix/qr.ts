// PNG QR code of a Pix BR Code, returned as base64 (the `imagem` of the interface).
// Rendering only: no I/O besides the encoder's own work.
import QRCode from 'qrcode';

/** Error correction M (15%): the level Pix apps and the BCB examples use for BR Codes. */
const ERROR_CORRECTION = 'M';
/** Quiet zone of 4 modules, the minimum ISO/IEC 18004 asks for. */
const QUIET_ZONE_MODULES = 4;
/** 8 px per module keeps a typical BR Code (~57 modules with margin) near 460 px wide. */
const PIXELS_PER_MODULE = 8;

export async function qrPngBase64(payload: string): Promise<string> {
  if (payload.length === 0) throw new Error('assertion: QR payload must not be empty');
  const png = await QRCode.toBuffer(payload, {
    type: 'png',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE_MODULES,
    scale: PIXELS_PER_MODULE,
  });
  return png.toString('base64');
}
