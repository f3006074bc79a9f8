// Shared pieces of the proposal HTTP and CLI tests: a valid request, calls that parse the
// envelope, and the operator CLI with captured output.
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { main } from '../../src/cli/main.js';
import type { TestService } from '../support/app.js';

export const PERSON_CPF = '12345678909';
export const OTHER_CPF = '52998224725';
export const COMPANY_CNPJ = '11222333000181';
export const ALPHANUMERIC_CNPJ = '12ABC34501DE35';

export const ACCOUNT = {
  codigoBanco: 341,
  tipoConta: 1,
  agencia: '0001',
  conta: '123456',
  contaDig: '7',
  numeroBanco: '341',
  documentoFederalPagamento: '123.456.789-09',
  nomePagamento: 'Maria da Silva',
};

/** A person's loan: R$ 10,000 at 2% a month, 12 installments, first due 30 days after TEST_NOW. */
export function personDto(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    documentoCliente: '123.456.789-09',
    vlrSolicitado: 10000,
    prazo: 12,
    percJurosNegociado: 2,
    dtPrimeiroVencto: '2026-12-23',
    propostaContaPagamentoDTO: ACCOUNT,
    ...patch,
  };
}

export interface Message {
  code: string;
  field: string | null;
  description: string;
  messageType: number;
}

export interface Envelope {
  hasError: boolean;
  messages: Message[];
  [key: string]: unknown;
}

export async function post(service: TestService, token: string, path: string, body: unknown, key?: string): Promise<{ status: number; body: Envelope; raw: LightMyRequestResponse }> {
  const raw = await service.call(path, body, { token, ...(key ? { key } : {}) });
  return { status: raw.statusCode, body: JSON.parse(raw.body) as Envelope, raw };
}

/** Creates a proposal and returns its codigo and numero (asserts success). */
export async function createOk(service: TestService, token: string, dto: Record<string, unknown>, parametros: unknown[] | null = null): Promise<{ codigo: string; numero: number; body: Envelope }> {
  const r = await post(service, token, '/Proposta/IncluirManualSimplificado', { dto, parametros });
  assert.equal(r.status, 200, r.raw.body);
  return { codigo: r.body.codigo as string, numero: r.body.numero as number, body: r.body };
}

/** The [field, code] pairs of an error answer. */
export function problems(body: Envelope): [string | null, string][] {
  return body.messages.map((m) => [m.field, m.code]);
}

/** Proposta/Consultar: the proposal's fields are the envelope's top level (issue 11), so `proposta` is the body. */
export async function consult(service: TestService, token: string, dto: Record<string, unknown>): Promise<{ status: number; body: Envelope; proposta: Record<string, unknown> }> {
  const r = await post(service, token, '/Proposta/Consultar', { dto });
  return { status: r.status, body: r.body, proposta: r.body };
}

export async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

export function useCliAgainst(service: TestService): void {
  process.env.DATABASE_URL = service.database.url;
  process.env.CAAS_WORKERS = 'false';
  process.env.LOG_LEVEL = 'silent';
}
