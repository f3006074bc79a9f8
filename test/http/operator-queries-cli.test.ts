// Operator queries (issue 15): `caas proposal list|show`, `caas boleto list`, `caas export …`,
// against a real PostgreSQL with proposals created over HTTP and moved by the operator CLI.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { main } from '../../src/cli/main.js';
import { runCsvExport } from '../../src/cli/format/csv-export.js';
import { progressBar } from '../../src/cli/format/progress.js';
import { writerSink } from '../../src/cli/format/sink.js';
import { countProposals, NO_PROPOSAL_FILTER, proposalBatches } from '../../src/modules/proposals/list-proposals.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';
import { COMPANY_CNPJ, createOk, personDto, post, useCliAgainst } from './proposals-fixture.js';

let service: TestService;
let alpha: TestPartner;
let beta: TestPartner;
let alphaToken: string;
let betaToken: string;
let dir: string;
/** Numbers of: a finalized proposal, a disbursed one with a paid boleto, one of partner beta (a company). */
let waiting: number;
let disbursed: { numero: number; codigo: string };
let company: number;
let boletoNumber: number;

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string; raw: string }> {
  const out: string[] = [];
  const err: string[] = [];
  let raw = '';
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), write: (t) => (raw += t) });
  return { code, out: out.join('\n'), err: err.join('\n'), raw };
}

async function ok(...argv: string[]): Promise<string> {
  const r = await cli(...argv);
  assert.equal(r.code, 0, r.err);
  return r.out;
}

function csv(text: string): Record<string, string>[] {
  return parse(text, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
}

before(async () => {
  service = await startTestService();
  useCliAgainst(service);
  dir = mkdtempSync(join(tmpdir(), 'caas-export-'));
  alpha = await service.onboard();
  beta = await service.onboard();
  alphaToken = await service.token(alpha);
  betaToken = await service.token(beta);
  waiting = (await createOk(service, alphaToken, personDto({ codigoOperacao: 'OP-WAIT' }))).numero;
  const d = await createOk(service, alphaToken, personDto({ codigoOperacao: 'OP-DISB', vlrSolicitado: 5000 }));
  disbursed = { numero: d.numero, codigo: d.codigo };
  await ok('proposal', 'approve', String(d.numero), '--at', '2026-11-23', '--by', 'Ana');
  await ok('proposal', 'disburse', String(d.numero), '--at', '2026-11-23', '--by', 'Ana');
  company = (await createOk(service, betaToken, personDto({ documentoCliente: COMPANY_CNPJ, prazo: 6 }))).numero;
  const boleto = await post(service, alphaToken, '/AgendaRecebivel/GerarUnicoBoleto', {
    dto: { numeroProposta: d.numero, nroParcelas: [1] },
    dtoGerarUnicoBoleto: { dtVencimento: '2026-12-23', liquidacao: true, descricaoBoleto: 'Parcela 1, "primeira"' },
  });
  assert.equal(boleto.status, 200, boleto.raw.body);
  boletoNumber = (boleto.body.boletos as Array<{ numeroBoleto: number }>)[0]!.numeroBoleto;
  await ok('boleto', 'pay', String(boletoNumber), '--at', '2026-11-23');
  const launch = await post(service, alphaToken, '/AgendaRecebivel/IncluirLancamentoMultiplasParcelas', {
    dto: { numeroProposta: d.numero },
    dtoLancamentoParcelas: [{ nroParcela: 2, dtPagamento: '2026-11-23', vlrPagamento: 10, descricaoLancamento: 'Pago, "em espécie"\nno balcão' }],
  });
  assert.equal(launch.status, 200, launch.raw.body);
});
after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await service.close();
});

describe('caas proposal list', () => {
  test('a table with headers, oldest first; filters by status, partner, document and dates', async () => {
    const lines = (await ok('proposal', 'list')).split('\n');
    assert.match(lines[0]!, /^NUMBER\s+STATUS\s+PARTNER\s+DOCUMENT\s+CREATED\s+REQUESTED\s+TERM\s+INSTALLMENT\s+RATE %\/MO\s+OPERATION$/);
    assert.equal(lines.length, 4);
    assert.match(lines[1]!, new RegExp(`^\\s*${waiting}\\s+2 Finalizada\\s+${alpha.clientId}\\s+12345678909\\s+2026-11-23\\s+10000.00\\s+12\\s+\\S+\\s+2.00000000\\s+OP-WAIT$`));
    assert.match(lines[2]!, /5 Liberada/);
    const queue = await ok('proposal', 'list', '--status', 'finalizada');
    assert.deepEqual(queue.split('\n').slice(1).map((l) => Number(l.trim().split(/\s+/)[0])), [waiting, company]);
    const mine = JSON.parse(await ok('proposal', 'list', '--partner', beta.clientId, '--json')) as Array<{ number: number; personType: string }>;
    assert.deepEqual(mine.map((p) => [p.number, p.personType]), [[company, 'PJ']]);
    const byDocument = JSON.parse(await ok('proposal', 'list', '--document', '11.222.333/0001-81', '--json')) as unknown[];
    assert.equal(byDocument.length, 1);
    assert.equal(await ok('proposal', 'list', '--from', '2026-11-24'), 'no proposals');
    assert.equal((JSON.parse(await ok('proposal', 'list', '--from', '2026-11-23', '--to', '2026-11-23', '--json')) as unknown[]).length, 3);
    const rows = csv(`${await ok('proposal', 'list', '--status', '5', '--csv')}\r\n`);
    assert.deepEqual([rows.length, rows[0]!.number, rows[0]!.code, rows[0]!.statusDescription, rows[0]!.disbursedOn], [1, String(disbursed.numero), disbursed.codigo, 'Liberada', '2026-11-23']);
  });

  test('usage errors exit 2', async () => {
    for (const argv of [['--status', 'nenhuma'], ['--from', '23/11/2026'], ['--from', '2026-11-24', '--to', '2026-11-23'], ['--document', '123'], ['--json', '--csv'], ['--bogus']]) {
      const r = await cli('proposal', 'list', ...argv);
      assert.equal(r.code, 2, `${argv.join(' ')}: ${r.err}`);
    }
  });
});

describe('caas proposal show', () => {
  test('data, pricing, history and schedule summary', async () => {
    const text = await ok('proposal', 'show', String(disbursed.numero));
    assert.match(text, new RegExp(`^proposal ${disbursed.numero} \\(${disbursed.codigo}\\)`));
    assert.match(text, /status\s+5 Liberada/);
    assert.match(text, new RegExp(`partner\\s+${alpha.clientId}`));
    assert.match(text, /requested\s+R\$ 5000.00/);
    assert.match(text, /installments\s+12 × R\$ /);
    assert.match(text, /receivables\s+2 Em aberto: 1\/12 paid/);
    assert.match(text, /ON\s+EVENT\s+STATUS\s+BY\s+REASON/);
    assert.match(text, /2026-11-23\s+disburse\s+4 → 5 Liberada\s+operador:Ana/);
    const json = JSON.parse(await ok('proposal', 'show', String(waiting), '--json'));
    assert.deepEqual([json.data.number, json.data.status, json.schedule, json.plan.installments], [waiting, 2, null, 12]);
    assert.deepEqual(json.history.map((h: { event: string }) => h.event), ['create', 'finalize']);
    assert.equal(json.pricing.requestedAmount, '10000.00');
    const missing = await cli('proposal', 'show', '999999');
    assert.deepEqual([missing.code, /C0112\/V0001/.test(missing.err)], [1, true]);
    assert.equal((await cli('proposal', 'show', 'x')).code, 2);
  });
});

describe('caas boleto list', () => {
  test('headers and filters: status, proposal, partner, due dates', async () => {
    const lines = (await ok('boleto', 'list')).split('\n');
    assert.match(lines[0]!, /^NUMBER\s+PROPOSAL\s+PARTNER\s+STATUS\s+INSTALLMENTS\s+DUE\s+AMOUNT\s+PAID\s+PAID ON\s+LINHA DIGITAVEL$/);
    assert.match(lines[1]!, new RegExp(`^\\s*${boletoNumber}\\s+${disbursed.numero}\\s+${alpha.clientId}\\s+5 Liquidado\\s+1\\s+2026-12-23\\s+\\S+\\s+\\S+\\s+2026-11-23\\s+\\d{47}$`));
    assert.equal((await ok('boleto', 'list', '--status', 'registrado')), 'no boletos');
    assert.equal((JSON.parse(await ok('boleto', 'list', '--status', 'liquidado', '--proposal', String(disbursed.numero), '--json')) as unknown[]).length, 1);
    assert.equal(await ok('boleto', 'list', '--partner', beta.clientId), 'no boletos');
    assert.equal(await ok('boleto', 'list', '--to', '2026-12-22'), 'no boletos');
    assert.equal((await cli('boleto', 'list', '--status', 'x')).code, 2);
  });
});

describe('caas export', () => {
  test('proposals, installments, boletos and payments to files: RFC 4180, CRLF, quoted fields, no partial file left', async () => {
    const files = Object.fromEntries(['proposals', 'installments', 'boletos', 'payments'].map((k) => [k, join(dir, `${k}.csv`)]));
    for (const [kind, file] of Object.entries(files)) {
      const r = await cli('export', kind, '--out', file);
      assert.equal(r.code, 0, r.err);
      assert.match(r.err, new RegExp(`^\\d+ ${kind} written to `));
    }
    assert.deepEqual(readdirSync(dir).sort(), ['boletos.csv', 'installments.csv', 'payments.csv', 'proposals.csv']);
    const proposals = readFileSync(files.proposals!, 'utf8');
    assert.ok(proposals.startsWith('number,code,partner,operationCode,status,statusDescription,'), proposals);
    assert.ok(proposals.endsWith('\r\n') && !/[^\r]\n/.test(proposals));
    assert.deepEqual(csv(proposals).map((p) => Number(p.number)), [waiting, disbursed.numero, company]);
    const installments = csv(readFileSync(files.installments!, 'utf8'));
    assert.equal(installments.length, 12);
    assert.deepEqual([installments[0]!.installment, installments[0]!.state, installments[0]!.paidOn], ['1', 'paid', '2026-11-23']);
    const boletos = csv(readFileSync(files.boletos!, 'utf8'));
    assert.deepEqual([boletos.length, boletos[0]!.numeroBoleto, boletos[0]!.parcelas, boletos[0]!.liquidacao], [1, String(boletoNumber), '1', 'true']);
    assert.equal('urlImpressao' in boletos[0]!, false);
    const paymentsText = readFileSync(files.payments!, 'utf8');
    assert.ok(paymentsText.includes('"Pago, ""em espécie""\nno balcão"'), paymentsText);
    const payments = csv(paymentsText);
    assert.deepEqual(payments.map((p) => [p.installment, p.viaBoleto, p.boletoNumber]), [['1', 'true', String(boletoNumber)], ['2', 'false', '']]);
    assert.equal(payments[1]!.description, 'Pago, "em espécie"\nno balcão');
    assert.equal(csv(readFileSync(files.installments!, 'utf8')).filter((i) => i.state === 'open').length, 11);
    const again = await cli('export', 'proposals', '--out', files.proposals!);
    assert.equal(again.code, 0, again.err);
  });

  test('to standard output; --from/--to bound the record dates; usage errors', async () => {
    const r = await cli('export', 'installments', '--from', '2027-01-01', '--to', '2027-02-28');
    assert.equal(r.code, 0, r.err);
    assert.equal(csv(r.raw).length, 2);
    assert.ok(csv(r.raw).every((i) => i.dueDate! >= '2027-01-01' && i.dueDate! <= '2027-02-28'));
    const none = await cli('export', 'payments', '--from', '2030-01-01');
    assert.equal(none.raw, 'proposalNumber,partner,installment,paymentDate,dueDate,amountPaid,discount,fine,interest,lateInterest,installmentBalance,viaBoleto,boletoNumber,launchCode,description,recordedAt\r\n');
    assert.equal((await cli('export', 'customers')).code, 2);
    assert.equal((await cli('export')).code, 2);
    assert.equal((await cli('export', 'boletos', '--to', 'tomorrow')).code, 2);
  });

  test('keyset batches: every row once across pages; one snapshot: rows committed during the export are not in it', async () => {
    const db = service.database.db;
    const pages: number[][] = [];
    for await (const batch of proposalBatches(db, NO_PROPOSAL_FILTER, 2)) pages.push(batch.map((p) => p.number));
    assert.deepEqual(pages, [[waiting, disbursed.numero], [company]]);
    let text = '';
    let created = false;
    const rows = await runCsvExport(
      db,
      {
        label: 'proposals',
        columns: ['number'],
        count: (tx) => countProposals(tx, NO_PROPOSAL_FILTER),
        batches: async function* (tx) {
          for await (const batch of proposalBatches(tx, NO_PROPOSAL_FILTER, 1)) {
            yield batch;
            if (!created) {
              created = true;
              await createOk(service, alphaToken, personDto());
            }
          }
        },
      },
      writerSink((t) => (text += t)),
    );
    assert.equal(rows, 3);
    assert.equal(text, `number\r\n${waiting}\r\n${disbursed.numero}\r\n${company}\r\n`);
    assert.equal(await countProposals(db, NO_PROPOSAL_FILTER), 4);
  });

  test('progress bar only on a terminal', () => {
    let drawn = '';
    const tty = Object.assign(Object.create(process.stderr), { isTTY: true, columns: 80, write: (t: string) => ((drawn += t), true), cursorTo: () => true, clearLine: () => true, moveCursor: () => true, on: () => tty, removeListener: () => tty });
    const bar = progressBar('proposals', 10, tty);
    bar.advance(10);
    bar.stop();
    assert.match(drawn, /proposals .*100% \| 10\/10 rows/);
    let piped = '';
    const pipe = Object.assign(Object.create(process.stderr), { isTTY: false, write: (t: string) => ((piped += t), true) });
    const silent = progressBar('proposals', 10, pipe);
    silent.advance(10);
    silent.stop();
    assert.equal(piped, '');
  });
});

test('the export leaves no file behind when it fails', async () => {
  const r = await cli('export', 'proposals', '--out', join(dir, 'no-such-dir', 'x.csv'));
  assert.equal(r.code, 2);
  assert.ok(r.err.startsWith(`caas export proposals: cannot write --out ${join(dir, 'no-such-dir', 'x.csv')}: ENOENT`), r.err);
  const file = join(dir, 'late.csv');
  const late = await cli('export', 'proposals', '--out', file, '--from', '2026-11-01', '--to', '2026-10-01');
  assert.equal(late.code, 2);
  assert.equal(existsSync(file), false);
  assert.ok(!readdirSync(dir).some((f) => f.includes('.partial-')));
});
