import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localDate } from '../../../../platform/dates.js';
import { dec } from '../../../../platform/money.js';
import { buildBrCode } from '../pix/br-code.js';
import { buildBarcode } from './barcode.js';
import { buildFreeField, printedBeneficiaryCode, type BoletoIssuerConfig } from './free-field.js';
import { renderBoletoSlip, type BoletoSlip } from './pdf.js';

const RESOLUTION_DPI = '300';

/** Runs a tool that CI installs (poppler-utils, zbar-tools); a missing tool fails the test loudly. */
function run(tool: string, args: string[], debianPackage: string): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error(`${tool} is not installed: run "apt-get update && apt-get install -y ${debianPackage}" (needed to decode the boleto PDF)`);
    }
    throw error;
  }
}

function sampleSlip(): BoletoSlip {
  const issuer: BoletoIssuerConfig = { bankCode: '001', agreement: '3453481', wallet: '17', branch: '1606', branchDigit: '0', account: '6809350', accountDigit: '0' };
  const { freeField, nossoNumero } = buildFreeField(issuer, 4242n);
  const amounts = { document: dec('1523.47'), discount: dec('23.47'), charged: dec('1500.00') };
  const dueDate = localDate('2026-03-10');
  const barcode = buildBarcode({ bankCode: '001', dueDate, amount: amounts.charged, freeField });
  const emv = buildBrCode({
    merchantAccount: { key: '123e4567-e12b-12d1-a456-426655440000' },
    merchantName: 'Crédito Fácil S.A.',
    merchantCity: 'São Paulo',
    amount: amounts.charged,
    txid: 'CAAS4242',
    singleUse: true,
  });
  return {
    bankCode: '001',
    bankName: 'Banco do Brasil',
    barcode,
    dueDate,
    documentDate: localDate('2026-02-20'),
    processingDate: localDate('2026-02-20'),
    documentNumber: '1042/3',
    nossoNumero,
    wallet: issuer.wallet,
    beneficiary: { name: 'Crédito Fácil S.A.', document: '12.ABC.345/01DE-35', agencyAndCode: printedBeneficiaryCode(issuer) },
    payer: { name: 'Maria da Conceição Araújo', document: '123.456.789-09', address: 'Rua das Flores, 100 — São Paulo/SP — 01310-100' },
    amounts,
    instructions: ['Parcela 3 de 12 do contrato 1042.', 'Após o vencimento, multa de 2% e juros de 1% ao mês pro rata die.'],
    pix: { emv },
  };
}

test('the rendered slip decodes back: I2/5 barcode = the 44 digits, QR = the BR Code', async () => {
  const slip = sampleSlip();
  const pdf = await renderBoletoSlip(slip);
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  const dir = mkdtempSync(join(tmpdir(), 'caas-boleto-'));
  try {
    writeFileSync(join(dir, 'slip.pdf'), pdf);
    run('pdftoppm', ['-r', RESOLUTION_DPI, '-png', '-singlefile', join(dir, 'slip.pdf'), join(dir, 'slip')], 'poppler-utils');
    const output = run('zbarimg', ['-q', '--raw', '-Sdisable', '-Si25.enable', '-Sqrcode.enable', join(dir, 'slip.png')], 'zbar-tools');
    const symbols = output.split('\n').filter((line) => line.length > 0);
    assert.ok(symbols.includes(slip.barcode), `I2/5 barcode not decoded; zbarimg read: ${JSON.stringify(symbols)}`);
    assert.ok(symbols.includes(slip.pix!.emv), `QR not decoded; zbarimg read: ${JSON.stringify(symbols)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the same slip renders to the same bytes', async () => {
  const slip = sampleSlip();
  assert.deepEqual(await renderBoletoSlip(slip), await renderBoletoSlip(slip));
});

test('an inconsistent slip is a programmer error', async () => {
  const slip = sampleSlip();
  await assert.rejects(renderBoletoSlip({ ...slip, amounts: { ...slip.amounts, charged: dec('1499.99') } }), /assertion/);
  await assert.rejects(renderBoletoSlip({ ...slip, bankCode: '237' }), /assertion/);
  await assert.rejects(renderBoletoSlip({ ...slip, barcode: slip.barcode.replace(/^0019./, '00190') }), /assertion/);
});
