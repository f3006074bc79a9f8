// Proposta/SalvarPropostaGarantiaBemDocumento through HTTP (issue 4): a new record gets the next
// `numero` of its asset, an update by codigo keeps it, every field rule, the check data, the
// per-asset cap, concurrency, tenant isolation and replay.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { startTestService, TEST_NOW, type TestService } from '../support/app.js';
import { DOCUMENTS_PER_ASSET_MAX } from '../../src/modules/guarantees/limits.js';

const PATH = '/Proposta/SalvarPropostaGarantiaBemDocumento';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Message { code: string; field: string | null; messageType: number; description: string }
interface Result { msg: string | null; hasError: boolean; messages: Message[]; codigo: string | null; numero: number | null }
interface Answer { status: number; raw: string; body: { msg: string | null; hasError: boolean; messages: Message[]; results?: Result[]; parametros?: unknown } }

let service: TestService;
let tokenA: string;
let tokenB: string;
let partnerA: string;

const deed = (asset: string, extra: Record<string, unknown> = {}) => ({
  codigoPropostaGarantiaBem: asset,
  tipoDocumento: 1,
  nomeArquivo: 'matricula-4521.pdf',
  extensao: 'pdf',
  dtValidade: '2027-05-31',
  conferido: false,
  ...extra,
});

async function save(dto: unknown, options: { token?: string; key?: string; parametros?: unknown } = {}): Promise<Answer> {
  const body = { dto, parametros: options.parametros ?? null };
  const response = await service.call(PATH, body, { token: options.token ?? tokenA, ...(options.key ? { key: options.key } : {}) });
  return { status: response.statusCode, raw: response.body, body: JSON.parse(response.body) };
}

async function saved(dto: unknown, token = tokenA): Promise<Result> {
  const answer = await save(dto, { token });
  assert.equal(answer.status, 200, answer.raw);
  assert.equal(answer.body.hasError, false);
  assert.equal(answer.body.results?.length, 1);
  const result = answer.body.results![0]!;
  assert.equal(result.hasError, false);
  assert.match(result.codigo ?? '', UUID_RE);
  return result;
}

async function refused(dto: unknown, expected: [string, string][], token = tokenA): Promise<Answer> {
  const answer = await save(dto, { token });
  assert.equal(answer.status, 400, JSON.stringify(dto));
  assert.equal(answer.body.hasError, true);
  assert.deepEqual(answer.body.messages.map((m) => [m.field, m.code]), expected, answer.raw);
  return answer;
}

function documents(partnerId: string, asset: string) {
  return service.database.db.selectFrom('guarantee_documents').selectAll().where('partner_id', '=', partnerId).where('asset_id', '=', asset).orderBy('numero').execute();
}

before(async () => {
  service = await startTestService();
  const a = await service.onboard();
  const b = await service.onboard();
  partnerA = a.partnerId;
  tokenA = await service.token(a);
  tokenB = await service.token(b);
});
after(() => service.close());

describe('Proposta/SalvarPropostaGarantiaBemDocumento', () => {
  test('a new record: one result with codigo and numero 1, parametros echoed, stored normalized', async () => {
    const asset = randomUUID();
    const parametros = [{ nome: 'origem', valor: 'portal' }];
    const answer = await save(deed(asset.toUpperCase(), { extensao: '.PDF', conferido: true, dtConferido: '2026-11-23T14:10:00Z', codigoUsuarioConferido: 42 }), { parametros });
    assert.equal(answer.status, 200, answer.raw);
    assert.deepEqual(answer.body.parametros, parametros);
    const [result] = answer.body.results!;
    assert.deepEqual([result!.msg, result!.hasError, result!.messages, result!.numero], ['Documento incluído', false, [], 1]);
    const [row] = await documents(partnerA, asset);
    assert.deepEqual(
      [row!.id, row!.numero, row!.tipo_documento, row!.nome_arquivo, row!.extensao, row!.dt_validade, row!.conferido, row!.dt_conferido?.toISOString(), row!.codigo_usuario_conferido],
      [result!.codigo, 1, 1, 'matricula-4521.pdf', 'pdf', '2027-05-31', true, '2026-11-23T14:10:00.000Z', 42],
    );
  });

  test('numero is sequential per asset', async () => {
    const asset = randomUUID();
    const other = randomUUID();
    assert.equal((await saved(deed(asset))).numero, 1);
    assert.equal((await saved(deed(asset, { tipoDocumento: 8, nomeArquivo: 'fachada.jpg', extensao: 'jpg' }))).numero, 2);
    assert.equal((await saved(deed(other))).numero, 1);
    assert.equal((await saved(deed(asset, { tipoDocumento: 5 }))).numero, 3);
  });

  test('with codigo, the record is replaced and keeps its codigo and numero', async () => {
    const asset = randomUUID();
    await saved(deed(asset));
    const second = await saved(deed(asset, { tipoDocumento: 6, nomeArquivo: 'apolice.pdf' }));
    const answer = await save({ codigo: second.codigo!.toUpperCase(), ...deed(asset, { tipoDocumento: 6, nomeArquivo: 'apolice-2027.pdf', conferido: true, dtConferido: '2026-11-23' }) });
    assert.equal(answer.status, 200, answer.raw);
    assert.deepEqual(answer.body.results?.map((r) => [r.msg, r.codigo, r.numero]), [['Documento atualizado', second.codigo, 2]]);
    const rows = await documents(partnerA, asset);
    assert.equal(rows.length, 2);
    assert.deepEqual([rows[1]!.nome_arquivo, rows[1]!.conferido, rows[1]!.dt_conferido?.toISOString(), rows[1]!.codigo_usuario_conferido], ['apolice-2027.pdf', true, '2026-11-23T00:00:00.000Z', null]);
    // Unchecking clears the check data (the request carries the whole record).
    await saved({ codigo: second.codigo, ...deed(asset, { tipoDocumento: 6, nomeArquivo: 'apolice-2027.pdf' }) });
    const [, unchecked] = await documents(partnerA, asset);
    assert.deepEqual([unchecked!.conferido, unchecked!.dt_conferido], [false, null]);
  });

  test('codigo that is not a record of this asset: GAR008, nothing created', async () => {
    const asset = randomUUID();
    const first = await saved(deed(asset));
    await refused({ codigo: randomUUID(), ...deed(asset) }, [['dto.codigo', 'GAR008']]);
    const otherAsset = randomUUID();
    await refused({ codigo: first.codigo, ...deed(otherAsset) }, [['dto.codigo', 'GAR008']]);
    const assets = await service.database.db.selectFrom('guarantee_assets').select('id').where('id', '=', otherAsset).execute();
    assert.deepEqual(assets, []);
    assert.equal((await documents(partnerA, asset)).length, 1);
  });

  test('every field rule, one code each', async () => {
    const asset = randomUUID();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ codigoPropostaGarantiaBem: null }, 'dto.codigoPropostaGarantiaBem', 'GAR001'],
      [{ tipoDocumento: null }, 'dto.tipoDocumento', 'GAR002'],
      [{ tipoDocumento: 50 }, 'dto.tipoDocumento', 'GAR002'],
      [{ nomeArquivo: null }, 'dto.nomeArquivo', 'GAR003'],
      [{ nomeArquivo: '../etc/matricula.pdf' }, 'dto.nomeArquivo', 'GAR003'],
      [{ extensao: 'exe' }, 'dto.extensao', 'GAR004'],
      [{ nomeArquivo: 'matricula', extensao: null }, 'dto.extensao', 'GAR004'],
      [{ conferido: true }, 'dto.dtConferido', 'GAR006'],
      [{ conferido: true, dtConferido: '2026-11-24T00:00:00Z' }, 'dto.dtConferido', 'GAR006'],
      [{ conferido: false, dtConferido: '2026-11-20' }, 'dto.dtConferido', 'GAR006'],
      [{ conferido: null, codigoUsuarioConferido: 3 }, 'dto.codigoUsuarioConferido', 'GAR007'],
    ];
    for (const [patch, field, code] of cases) await refused(deed(asset, patch), [[field, code]]);
    assert.equal((await documents(partnerA, asset)).length, 0);
  });

  test('every problem at once', async () => {
    await refused({ conferido: true, extensao: 'docx' }, [
      ['dto.codigoPropostaGarantiaBem', 'GAR001'],
      ['dto.tipoDocumento', 'GAR002'],
      ['dto.nomeArquivo', 'GAR003'],
      ['dto.extensao', 'GAR004'],
      ['dto.dtConferido', 'GAR006'],
    ]);
  });

  test('the extension may come from the file name; dtValidade in the past is recorded', async () => {
    const asset = randomUUID();
    await saved(deed(asset, { nomeArquivo: 'NF-e 3521.XML', extensao: null, tipoDocumento: 4, dtValidade: '2020-01-31T00:00:00Z' }));
    const [row] = await documents(partnerA, asset);
    assert.deepEqual([row!.extensao, row!.dt_validade], ['xml', '2020-01-31']);
  });

  test('the schema refuses a malformed uuid or date before any rule (REQ)', async () => {
    const answer = await save(deed('nao-e-uuid', { dtValidade: '31/05/2027' }));
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.messages.map((m) => m.field).sort(), ['dto.codigoPropostaGarantiaBem', 'dto.dtValidade']);
  });

  test(`an asset has at most ${DOCUMENTS_PER_ASSET_MAX} documents (GAR009); updates still pass`, async () => {
    const asset = randomUUID();
    const first = await saved(deed(asset));
    const now = new Date(TEST_NOW);
    const filler = Array.from({ length: DOCUMENTS_PER_ASSET_MAX - 1 }, (_, i) => ({
      id: randomUUID(), partner_id: partnerA, asset_id: asset, numero: i + 2, tipo_documento: 8, nome_arquivo: `foto-${i}.jpg`, extensao: 'jpg',
      dt_validade: null, conferido: false, dt_conferido: null, codigo_usuario_conferido: null, created_at: now, updated_at: now,
    }));
    await service.database.db.insertInto('guarantee_documents').values(filler).execute();
    await refused(deed(asset), [['dto.codigoPropostaGarantiaBem', 'GAR009']]);
    assert.equal((await saved({ codigo: first.codigo, ...deed(asset, { nomeArquivo: 'nova.pdf' }) })).numero, 1);
  });

  test('concurrent new records for one asset get distinct numbers 1..n', async () => {
    const asset = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => save(deed(asset, { nomeArquivo: `foto-${i}.png`, extensao: 'png', tipoDocumento: 8 }))));
    assert.ok(answers.every((a) => a.status === 200), answers.map((a) => a.raw).join('\n'));
    const numbers = answers.map((a) => a.body.results![0]!.numero!).sort((x, y) => x - y);
    assert.deepEqual(numbers, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  test('tenant isolation: the same asset uuid is another asset for another partner', async () => {
    const asset = randomUUID();
    const mine = await saved(deed(asset));
    const before = await documents(partnerA, asset);
    const theirs = await saved(deed(asset, { nomeArquivo: 'deles.pdf' }), tokenB);
    assert.equal(theirs.numero, 1);
    assert.notEqual(theirs.codigo, mine.codigo);
    await refused({ codigo: mine.codigo, ...deed(asset) }, [['dto.codigo', 'GAR008']], tokenB);
    assert.deepEqual(await documents(partnerA, asset), before);
  });

  test('replay: the same key and body answers the same codigo and numero and writes nothing', async () => {
    const asset = randomUUID();
    const first = await save(deed(asset), { key: 'guarantee-replay-1' });
    assert.equal(first.status, 200, first.raw);
    const replay = await save(deed(asset), { key: 'guarantee-replay-1' });
    assert.equal(replay.raw, first.raw);
    assert.equal(replay.status, 200);
    assert.equal((await documents(partnerA, asset)).length, 1);
    // A refused document replays its refusal too.
    const bad = await save(deed(asset, { extensao: 'exe' }), { key: 'guarantee-replay-2' });
    const badAgain = await save(deed(asset, { extensao: 'exe' }), { key: 'guarantee-replay-2' });
    assert.deepEqual([bad.status, badAgain.raw], [400, bad.raw]);
  });
});
