import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { grantScopes, parseScope, Scope, scopeForOperation, scopeReleases, type ScopeName } from './scopes.js';
import { SCOPE_LENGTH_MAX } from './limits.js';

const CATALOGUE = Object.values(Scope);

describe('parseScope', () => {
  test('catalogue names and the configurable full-access aliases', () => {
    assert.deepEqual(parseScope('caas.proposals  caas.bureau caas.proposals '), { ok: true, scopes: [Scope.proposals, Scope.bureau] });
    assert.deepEqual(parseScope('bmp.digital.api.full.access'), { ok: true, scopes: [Scope.full] });
    assert.deepEqual(parseScope('legacy.all', { fullAccessAliases: ['legacy.all'] }), { ok: true, scopes: [Scope.full] });
    assert.equal(parseScope('bmp.digital.api.full.access', { fullAccessAliases: [] }).ok, false);
  });

  test('refuses unknown names, bad characters, empty, and more than 300 characters', () => {
    for (const text of ['caas.nope', 'caas."x"', 'caas.full\tcaas.bureau', 'caas.bureau\\', 'ação', ' ']) {
      assert.equal(parseScope(text).ok, false, text);
    }
    const at_max = `${'caas.full '.repeat(30)}`.slice(0, SCOPE_LENGTH_MAX);
    assert.equal(parseScope(at_max).ok, true);
    assert.deepEqual(parseScope(`${at_max} `), { ok: false, problem: 'scope tem mais de 300 caracteres' });
  });

  test('property: any list of catalogue names parses back to the same set', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CATALOGUE), { minLength: 1, maxLength: 12 }), (names) => {
        const parsed = parseScope(names.join(' '));
        assert.ok(parsed.ok);
        assert.deepEqual(parsed.scopes, [...new Set(names)]);
      }),
      { seed: 3, numRuns: 200 },
    );
  });
});

describe('grantScopes and scopeReleases', () => {
  test('a partner without a scope list may have everything; no requested scope means all it may have', () => {
    assert.deepEqual(grantScopes(null, null), { ok: true, scopes: [Scope.full] });
    assert.deepEqual(grantScopes([Scope.bureau, Scope.full], null), { ok: true, scopes: [Scope.bureau, Scope.full] });
    assert.deepEqual(grantScopes(null, ['caas.bureau', 'caas.payees', 'caas.bureau', 'unknown']), { ok: true, scopes: [Scope.bureau, Scope.payees] });
  });

  test('only what the partner is allowed; a partner allowed caas.full (or its alias) may ask for anything', () => {
    assert.deepEqual(grantScopes([Scope.bureau, Scope.proposals, Scope.full], ['caas.bureau']), { ok: false, notGranted: [Scope.proposals, Scope.full] });
    assert.deepEqual(grantScopes([Scope.proposals], ['bmp.digital.api.full.access']), { ok: true, scopes: [Scope.proposals] });
    assert.deepEqual(grantScopes(null, []), { ok: false, notGranted: [] });
    assert.deepEqual(grantScopes(null, ['not-in-catalogue']), { ok: false, notGranted: [] });
  });

  test('scopeReleases', () => {
    assert.equal(scopeReleases([Scope.full], Scope.payees), true);
    assert.equal(scopeReleases([Scope.bureau], Scope.bureau), true);
    assert.equal(scopeReleases([Scope.bureau], Scope.customers), false);
    assert.equal(scopeReleases([], Scope.customers), false);
  });
});

describe('scopeForOperation', () => {
  test('every operation of the interface (and those clients use) has its scope', () => {
    const expected: Record<string, ScopeName> = {
      '/Proposta/AtualizarContaPagamento': Scope.proposals,
      '/FGTS/CancelarProposta': Scope.proposals,
      '/Proposta/Recusar': Scope.proposals,
      '/Proposta/IncluirManualSimplificado': Scope.proposals,
      '/Proposta/SalvarPropostaGarantiaBemDocumento': Scope.proposals,
      '/Proposta/Consultar': Scope.proposals,
      '/FGTS/CancelarCobrancas': Scope.receivables,
      '/AgendaRecebivel/GerarUnicoBoleto': Scope.receivables,
      '/agendarecebivel/consultarparcelas': Scope.receivables,
      'AgendaRecebivel/GerarUnicaCobranca?x=1': Scope.receivables,
      '/Bureau/ConsultarSCR': Scope.bureau,
      '/Bureau/ConsultaFraudeBureauBase': Scope.bureau,
      '/api/Favorecido': Scope.payees,
      '/Pessoa/SalvarEnderecos': Scope.customers,
    };
    for (const [path, scope] of Object.entries(expected)) assert.equal(scopeForOperation(path), scope, path);
    assert.equal(scopeForOperation('/connect/token'), null);
    assert.equal(scopeForOperation('/FGTS/Outra'), null);
  });
});
