import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';
import { encodeModulesPng, qrPngBase64 } from './qr.js';

// Decoding the image back is covered by ../boleto/pdf.test.ts (zbarimg over the rendered slip).
test('qrPngBase64 returns a deterministic base64 PNG', async () => {
  const payload = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
  const first = await qrPngBase64(payload);
  const png = Buffer.from(first, 'base64');
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  assert.equal(await qrPngBase64(payload), first);
  await assert.rejects(qrPngBase64(''), /assertion/);
});

test('the QR image decodes back to its payload (zbarimg) and stays small, whatever the key (fixed mask, own segments: issue 14)', async () => {
  const { execFileSync } = await import('node:child_process');
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const payloads = [
    '00020101021226850014br.gov.bcb.pix2563qrcodepix.example.com/v2/cobv/0a1b2c3d4e5f520400005303986540510.005802BR5913CAAS SANDBOX6009SAO PAULO62070503***6304ABCD',
    '00020101021226580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-42665544000052040000530398654071234.565802BR5913CAAS SANDBOX6009SAO PAULO62290525e6a72f98709846f9a554dad786304688F',
    '00020101021226400014br.gov.bcb.pix0118fulano@example.com520400005303986540572.425802BR5913Fulano de Tal6009SAO PAULO62290525a1b2c3d4e5f6a7b8c9d0e1f2a6304B1C2',
    '00020101021226360014br.gov.bcb.pix0114+5511999998888520400005303986541199999999.995802BR5912CAAS SANDBOX6009SAO PAULO62290525000000000000000000000000163041234',
  ];
  const file = path.join(os.tmpdir(), `caas-qr-${process.pid}.png`);
  try {
    for (const payload of payloads) {
      const png = Buffer.from(await qrPngBase64(payload), 'base64');
      assert.ok(png.length < 4_000, `PNG of ${png.length} bytes`);
      fs.writeFileSync(file, png);
      const decoded = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
      assert.equal(decoded, payload);
    }
  } finally {
    fs.rmSync(file, { force: true });
  }
});

/** The pixels of a 1-bit PNG written by encodeModulesPng, one pixel at a time (the reference). */
function pixelsOf(png: Buffer): { width: number; white: (x: number, y: number) => boolean } {
  const width = png.readUInt32BE(16);
  const idat = png.readUInt32BE(33);
  const raw = inflateSync(png.subarray(41, 41 + idat));
  const stride = Math.ceil(width / 8) + 1;
  return { width, white: (x, y) => ((raw[y * stride + 1 + (x >> 3)]! >> (7 - (x & 7))) & 1) === 1 };
}

test('the packed rows draw every module at every scale: dark inside, white elsewhere (issue 14)', () => {
  const size = 5;
  const dark = (r: number, c: number) => (r * 7 + c * 3) % 4 === 0;
  for (const scale of [1, 3, 8, 16]) {
    for (const margin of [0, 2]) {
      const { width, white } = pixelsOf(encodeModulesPng(size, dark, scale, margin));
      assert.equal(width, (size + 2 * margin) * scale);
      for (let y = 0; y < width; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const [r, c] = [Math.floor(y / scale) - margin, Math.floor(x / scale) - margin];
          const expected = !(r >= 0 && r < size && c >= 0 && c < size && dark(r, c));
          assert.equal(white(x, y), expected, `scale ${scale} margin ${margin} pixel ${x},${y}`);
        }
      }
    }
  }
});

test('the PNG bytes are those written before the scratch buffers (issue 14), in any order of sizes', async () => {
  const { createHash } = await import('node:crypto');
  const cases: Array<[string, string]> = [
    ['00020101021226360014br.gov.bcb.pix0114112223330001815204000053039865406350.105802BR5916CAAS SANDBOX SCD6009SAO PAULO62290525a36ab56bb92e4c27a463ca914630464C6', 'e92d7b73a5f3ac49'],
    ['x'.repeat(500), 'd8551af60746a203'],
    ['00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D', '91f9740f6cb1f2f2'],
    [`Ação ${'9'.repeat(300)}`, 'c2a3bade8f288e11'],
    ['00020101021226850014br.gov.bcb.pix2563qrcodepix.example.com/v2/cobv/0a1b2c3d4e5f520400005303986540510.005802BR5913CAAS SANDBOX6009SAO PAULO62070503***6304ABCD', 'f582146b11bc87ee'],
  ];
  for (const [payload, sha] of [...cases, ...cases.reverse()]) assert.equal(createHash('sha256').update(await qrPngBase64(payload)).digest('hex').slice(0, 16), sha, payload.slice(0, 20));
});

test('encodeModulesPng bounds its scratch arrays: a symbol of 1 to 177 modules, scale 1 to 16, margin 0 to 4', () => {
  const dark = () => true;
  for (const [size, scale, margin] of [[0, 8, 4], [178, 8, 4], [21, 0, 4], [21, 17, 4], [21, 8, 5], [21, 8, -1], [21.5, 8, 4]] as const) {
    assert.throws(() => encodeModulesPng(size, dark, scale, margin), /assertion: a QR of 1 to 177 modules, scale 1 to 16, margin 0 to 4/);
  }
  assert.ok(encodeModulesPng(177, dark, 16, 4).length > 0);
});
