import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { localDate } from '../../platform/dates.js';
import { Problems } from '../../platform/errors.js';
import { problemsOf } from '../../platform/problems.test-util.js';
import { DOCUMENT_EXTENSIONS, DOCUMENT_TYPES, validateGuaranteeDocument } from './guarantee-document-validation.js';
import { type GuaranteeDocumentWire, guaranteeDocumentInput, guaranteeDocumentPaths } from './guarantee-document-wire.js';
import { FILE_NAME_LENGTH_MAX } from './limits.js';

const TODAY = localDate('2026-07-19');
const ASSET = '5F0C2B8E-1D3A-4E6B-9C7D-2A1B3C4D5E6F';
const VALID: GuaranteeDocumentWire = {
  codigo: null,
  codigoPropostaGarantiaBem: ASSET,
  tipoDocumento: 1,
  nomeArquivo: 'matricula-12345.pdf',
  extensao: 'pdf',
  dtValidade: '2027-01-31T00:00:00Z',
  conferido: false,
  dtConferido: null,
  codigoUsuarioConferido: null,
};

function run(patch: Partial<GuaranteeDocumentWire>) {
  const problems = new Problems();
  const result = validateGuaranteeDocument(guaranteeDocumentInput({ ...VALID, ...patch }), guaranteeDocumentPaths('dto'), TODAY, problems);
  return { result, messages: problemsOf(problems) };
}

function refused(patch: Partial<GuaranteeDocumentWire>, field: string, code: string): void {
  const { result, messages } = run(patch);
  assert.equal(result, null, JSON.stringify(patch));
  assert.deepEqual(messages.map((m) => [m.field, m.code]), [[field, code]], JSON.stringify(patch));
}

describe('validateGuaranteeDocument', () => {
  it('accepts a valid record and normalizes it', () => {
    const { result, messages } = run({});
    assert.deepEqual(messages, []);
    assert.deepEqual(result, {
      id: null,
      assetId: ASSET.toLowerCase(),
      documentType: 1,
      fileName: 'matricula-12345.pdf',
      extension: 'pdf',
      validUntil: '2027-01-31',
      checked: false,
      checkedAt: null,
      checkedBy: null,
    });
  });

  it('codigo: optional uuid, lower-cased', () => {
    assert.equal(run({ codigo: ASSET }).result?.id, ASSET.toLowerCase());
    refused({ codigo: 'abc' }, 'dto.codigo', 'GAR008');
  });

  it('codigoPropostaGarantiaBem: required uuid', () => {
    refused({ codigoPropostaGarantiaBem: null }, 'dto.codigoPropostaGarantiaBem', 'GAR001');
    refused({ codigoPropostaGarantiaBem: 'not-a-uuid' }, 'dto.codigoPropostaGarantiaBem', 'GAR001');
  });

  it('tipoDocumento: required, one of the catalogue', () => {
    for (const code of Object.keys(DOCUMENT_TYPES).map(Number)) assert.equal(run({ tipoDocumento: code }).result?.documentType, code);
    refused({ tipoDocumento: null }, 'dto.tipoDocumento', 'GAR002');
    refused({ tipoDocumento: 0 }, 'dto.tipoDocumento', 'GAR002');
    refused({ tipoDocumento: 10 }, 'dto.tipoDocumento', 'GAR002');
  });

  it('nomeArquivo: required bare name, length-limited', () => {
    assert.equal(run({ nomeArquivo: '  foto do carro.JPG ', extensao: null }).result?.fileName, 'foto do carro.JPG');
    refused({ nomeArquivo: ' ' }, 'dto.nomeArquivo', 'GAR003');
    for (const bad of ['pasta/arquivo.pdf', 'C:\\docs\\a.pdf', '..', 'a\u0000b.pdf']) refused({ nomeArquivo: bad }, 'dto.nomeArquivo', 'GAR003');
    refused({ nomeArquivo: `${'a'.repeat(FILE_NAME_LENGTH_MAX - 3)}.pdf`.padEnd(FILE_NAME_LENGTH_MAX + 1, 'x') }, 'dto.nomeArquivo', 'GAR003');
  });

  it('extensao: from the list, any case, leading dot dropped; taken from the file name when absent', () => {
    for (const ext of DOCUMENT_EXTENSIONS) assert.equal(run({ extensao: ext.toUpperCase() }).result?.extension, ext);
    assert.equal(run({ extensao: '.PNG' }).result?.extension, 'png');
    assert.equal(run({ nomeArquivo: 'nota.XML', extensao: null }).result?.extension, 'xml');
    refused({ extensao: 'exe' }, 'dto.extensao', 'GAR004');
    refused({ nomeArquivo: 'virus.exe', extensao: null }, 'dto.extensao', 'GAR004');
    refused({ nomeArquivo: 'sem-extensao', extensao: null }, 'dto.extensao', 'GAR004');
  });

  it('dtValidade: optional calendar date as written, past dates accepted', () => {
    assert.equal(run({ dtValidade: null }).result?.validUntil, null);
    assert.equal(run({ dtValidade: '2020-01-01' }).result?.validUntil, '2020-01-01');
    refused({ dtValidade: '2026-02-30' }, 'dto.dtValidade', 'GAR005');
    refused({ dtValidade: 'amanhã' }, 'dto.dtValidade', 'GAR005');
  });

  it('conferido true needs dtConferido, not after today; the user code is optional', () => {
    const checked = run({ conferido: true, dtConferido: '2026-07-19T13:45:00Z', codigoUsuarioConferido: 77 }).result;
    assert.deepEqual([checked?.checked, checked?.checkedAt?.toISOString(), checked?.checkedBy], [true, '2026-07-19T13:45:00.000Z', 77]);
    assert.equal(run({ conferido: true, dtConferido: '2026-07-18' }).result?.checkedAt?.toISOString(), '2026-07-18T00:00:00.000Z');
    assert.equal(run({ conferido: true, dtConferido: '2026-07-18' }).result?.checkedBy, null);
    refused({ conferido: true }, 'dto.dtConferido', 'GAR006');
    // A date-time without a zone is UTC (interface convention 4), whatever the server's TZ.
    const tz = process.env.TZ;
    process.env.TZ = 'America/Sao_Paulo';
    try {
      for (const text of ['2026-07-19T13:45:00', '2026-07-19 13:45']) {
        assert.equal(run({ conferido: true, dtConferido: text }).result?.checkedAt?.toISOString(), '2026-07-19T13:45:00.000Z', text);
      }
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
    refused({ conferido: true, dtConferido: '2026-07-20' }, 'dto.dtConferido', 'GAR006');
    refused({ conferido: true, dtConferido: '2026-13-01' }, 'dto.dtConferido', 'GAR006');
    refused({ conferido: true, dtConferido: '2026-07-18', codigoUsuarioConferido: -1 }, 'dto.codigoUsuarioConferido', 'GAR007');
  });

  it('check data on a document not checked is refused', () => {
    refused({ conferido: false, dtConferido: '2026-07-18' }, 'dto.dtConferido', 'GAR006');
    refused({ conferido: null, codigoUsuarioConferido: 5 }, 'dto.codigoUsuarioConferido', 'GAR007');
  });

  it('collects every problem at once', () => {
    const problems = new Problems();
    assert.equal(validateGuaranteeDocument(guaranteeDocumentInput({ conferido: true, extensao: 'doc' }), guaranteeDocumentPaths('dto'), TODAY, problems), null);
    assert.deepEqual(problemsOf(problems).map((m) => m.code), ['GAR001', 'GAR002', 'GAR003', 'GAR004', 'GAR006']);
  });
});
