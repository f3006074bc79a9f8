import { test } from 'node:test';
import assert from 'node:assert/strict';
import { qrPngBase64 } from './qr.js';

// Decoding the image back is covered by ../boleto/pdf.test.ts (zbarimg over the rendered slip).
test('qrPngBase64 returns a deterministic base64 PNG', async () => {
  const payload = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
  const first = await qrPngBase64(payload);
  const png = Buffer.from(first, 'base64');
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(await qrPngBase64(payload), first);
  await assert.rejects(qrPngBase64(''), /assertion/);
});

test('the QR image decodes back to its payload (zbarimg) and stays small', async () => {
  const { execFileSync } = await import('node:child_process');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const payload = '00020101021226850014br.gov.bcb.pix2563qrcodepix.example.com/v2/cobv/0a1b2c3d4e5f520400005303986540510.005802BR5913CAAS SANDBOX6009SAO PAULO62070503***6304ABCD';
  const png = Buffer.from(await qrPngBase64(payload), 'base64');
  assert.ok(png.length < 4_000, `PNG of ${png.length} bytes`);
  const file = path.join(os.tmpdir(), `caas-qr-${process.pid}.png`);
  fs.writeFileSync(file, png);
  try {
    const decoded = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file]).toString().trim();
    assert.equal(decoded, payload);
  } finally {
    fs.rmSync(file, { force: true });
  }
});
