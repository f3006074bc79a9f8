import { test } from 'node:test';
import assert from 'node:assert/strict';
import QRCode from 'qrcode';
import { Decimal } from 'decimal.js';
import { buildBrCode } from './br-code.js';
import { qrSegments } from './qr-segments.js';

/** Data bits of a symbol's segments (headers included), as qrcode counts them. */
function dataBits(symbol: QRCode.QRCode): number {
  const countBits = (mode: { ccBits: number[] }) => mode.ccBits[symbol.version < 10 ? 0 : symbol.version < 27 ? 1 : 2]!;
  return (symbol.segments as unknown as Array<{ mode: { ccBits: number[] }; getBitsLength(): number }>).reduce((bits, s) => bits + 4 + countBits(s.mode) + s.getBitsLength(), 0);
}

const keys = ['123e4567-e12b-12d1-a456-426655440000', 'fulano@example.com', '+5511999998888', '12345678909', 'a'.repeat(77)];
const payloads = keys.flatMap((key, k) =>
  ['0.01', '72.42', '1234.56', '99999999.99'].map((amount, a) =>
    buildBrCode({ merchantAccount: { key }, merchantName: k % 2 === 0 ? 'CAAS SANDBOX' : 'Fulano de Tal', merchantCity: 'SAO PAULO', amount: new Decimal(amount), txid: `${a}f${k}e6a72f98709846f9a554dad78`.slice(0, 25), singleUse: true }),
  ),
);

test('qrSegments: the same symbol version and no more data bits than qrcode\'s own optimiser (issue 14)', () => {
  for (const payload of [...payloads, '0', 'ABC', 'abc', '1234567890123', 'São Paulo ', 'x'.repeat(512), '9'.repeat(512)]) {
    const own = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    const ours = QRCode.create(qrSegments(payload, own.version < 10 ? 0 : own.version < 27 ? 1 : 2), { errorCorrectionLevel: 'M', maskPattern: 0 });
    assert.equal(ours.version, own.version, payload);
    assert.ok(dataBits(ours) <= dataBits(own), `${payload}: ${dataBits(ours)} bits against ${dataBits(own)}`);
    const text = (ours.segments as unknown as Array<{ data: Uint8Array | string }>).map((s) => (typeof s.data === 'string' ? s.data : Buffer.from(s.data).toString())).join('');
    assert.equal(text, payload);
  }
});

test('qrSegments: digits numeric, upper case alphanumeric, the rest bytes; a short run stays inside its neighbour', () => {
  const modes = (payload: string) => qrSegments(payload, 0).map((s) => s.mode);
  assert.deepEqual(modes('12345678901234567890'), ['numeric']);
  assert.deepEqual(modes('CAAS SANDBOX'), ['alphanumeric']);
  assert.deepEqual(modes('fulano@example.com'), ['byte']);
  assert.deepEqual(modes('fulano1x'), ['byte']);
  assert.deepEqual(modes('abc12345678901234567890def'), ['byte', 'numeric', 'byte']);
});
