// The refusal's envelope is written by JSON.stringify when it has no extra fields: the same text as
// the answers' writer (serialize.ts) would write, in both casings.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DomainError } from '../errors.js';
import { envelopeFor } from './envelope.js';
import { errorBody } from './error-table.js';
import { stringify } from './serialize.js';

const ERRORS = [
  new DomainError('validation', [{ code: 'REQ003', description: 'Valor inválido: "aspas", barra \\ e\ttab', field: 'dto.numeroProposta' }, { code: 'REQ004', description: 'Sem campo — ção 💸', field: null }]),
  new DomainError('rate_limited', [{ code: 'REQ429', description: 'Limite', context: 'ctx\u2028', messageType: 5 }], { 'retry-after': '1' }),
];

test('errorBody without extras writes what stringify writes, in both casings', () => {
  const general = { validation: 'Requisição inválida', rate_limited: 'Limite de requisições excedido' } as Record<string, string>;
  for (const error of ERRORS) {
    for (const casing of ['camel', 'pascal'] as const) {
      assert.equal(errorBody(error, casing), stringify(envelopeFor(casing)(true, error.messages, {}, general[error.kind])));
    }
  }
});

test('errorBody with extras (echoed parametros) goes through stringify', () => {
  const error = ERRORS[0] as DomainError;
  const body = errorBody(error, 'camel', { parametros: [{ nome: 'a', valor: null }] });
  assert.equal(body, stringify({ msg: 'Requisição inválida', hasError: true, messages: error.messages, parametros: [{ nome: 'a', valor: null }] }));
});
