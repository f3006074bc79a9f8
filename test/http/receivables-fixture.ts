// Shared pieces of the receivables HTTP tests: a service with a partner and a schedule opened the
// way a disbursement opens it, calls that parse the envelope, the job runner, the outbox.
import assert from 'node:assert/strict';
import { receivablesJobHandlers } from '../../src/modules/receivables/routes.js';
import { openSampleSchedule, type OpeningOverrides } from '../support/receivables-data.js';
import type { ScheduleOpening } from '../../src/modules/receivables/schedule/schedule-contract.js';
import { runDueJobs, withOutbox, type JobRunSummary } from '../../src/platform/jobs.js';
import { outboxWriter } from '../../src/bindings.js';
import { post, type Envelope } from './proposals-fixture.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

export { post, type Envelope };

export interface World {
  service: TestService;
  partner: TestPartner;
  token: string;
}

/** `at` moves the frozen clock before the partner is onboarded (time never goes backwards after). */
export async function startWorld(at?: string): Promise<World> {
  const service = await startTestService();
  if (at !== undefined) service.clock.set(at);
  const partner = await service.onboard();
  return { service, partner, token: await service.token(partner) };
}

export function openFor(world: World, overrides: OpeningOverrides = {}): Promise<ScheduleOpening> {
  return openSampleSchedule(world.service.database.db, world.partner.partnerId, world.service.clock.now(), overrides);
}

export async function call(world: World, path: string, body: unknown): Promise<{ status: number; body: Envelope; text: string }> {
  const r = await post(world.service, world.token, path, body);
  return { status: r.status, body: r.body, text: r.raw.body };
}

/** Asserts a 200 answer and returns its body. */
export async function ok(world: World, path: string, body: unknown): Promise<Envelope> {
  const r = await call(world, path, body);
  assert.equal(r.status, 200, r.text);
  return r.body;
}

/** Asserts a 400 answer and returns its [field, code, description] triples. */
export async function refused(world: World, path: string, body: unknown): Promise<Array<[string | null, string, string]>> {
  const r = await call(world, path, body);
  assert.equal(r.status, 400, r.text);
  assert.equal(r.body.hasError, true);
  return r.body.messages.map((m) => [m.field, m.code, m.description]);
}

export function runJobs(world: World): Promise<JobRunSummary> {
  return runDueJobs(world.service.database.db, world.service.clock, withOutbox(receivablesJobHandlers, outboxWriter));
}

export async function outbox(world: World, proposalId: string): Promise<Array<{ type: number; body: Record<string, unknown> }>> {
  const rows = await world.service.database.db.selectFrom('callback_events').select(['event_type', 'body']).where('ordering_key', '=', `proposta:${proposalId}`).orderBy('seq').execute();
  return rows.map((r) => ({ type: r.event_type, body: JSON.parse(r.body) as Record<string, unknown> }));
}

export interface Detail {
  nroParcela: number;
  situacao: number;
  vlrSaldoAtual: number;
  vlrTotalPago: number;
  boletos: Array<Record<string, unknown>> | null;
  pix: Array<Record<string, unknown>> | null;
  lancamentos: Array<Record<string, number | string | boolean | null>> | null;
  [key: string]: unknown;
}

export async function details(world: World, proposalId: string, options: { trazerBoleto?: boolean; trazerAgendaDetalhada?: boolean; nroParcelas?: number[] } = {}): Promise<Envelope & { parcelas: Detail[] }> {
  const body = await ok(world, '/AgendaRecebivel/ConsultarDetalhes', {
    dto: { codigoProposta: proposalId, nroParcelas: options.nroParcelas ?? [] },
    dtoConsultaDetalhes: { trazerBoleto: options.trazerBoleto ?? true, trazerAgendaDetalhada: options.trazerAgendaDetalhada ?? true },
  });
  return body as Envelope & { parcelas: Detail[] };
}

/** A GerarUnicoBoleto body for `nroParcelas` of the schedule. */
export function singleBoleto(proposalId: string, nroParcelas: number[], patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    dto: { codigoProposta: proposalId, nroParcelas },
    dtoGerarUnicoBoleto: { dtVencimento: '2026-12-23', liquidacao: true, descricaoBoleto: 'Parcelas do empréstimo', tipoRegistro: 1, ...patch },
  };
}
