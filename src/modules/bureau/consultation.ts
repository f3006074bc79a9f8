// One consultation, whatever the operation: reuse the partner's stored answer for the same request
// when it is fresh (each provider call is billed), otherwise ask the provider; store what the
// provider answered (never a failure) and record every consultation in the audit trail.
// Nothing here logs a body or a document: the audit table is where the document goes.
import { createHash } from 'node:crypto';
import { parse } from 'lossless-json';
import { BRAZIL_TZ } from '../../platform/dates.js';
import type { Actor } from '../../platform/commands.js';
import type { Db } from '../../platform/db/pool.js';
import type { QueryContext } from '../../platform/http/route.js';
import { stringify } from '../../platform/http/serialize.js';
import { findFreshAnswer, recordConsultation, storeAnswerAndRecord, type AuditRow } from './consultation-repository.js';
import type { BureauProvider, ProviderFailure, ProviderOutcome } from './providers/port.js';
import type { ConsultedDocument } from './query-rules.js';
import type { BureauSettings } from './settings.js';
import type { AuditOutcome, ConsultationOperation } from './tables.js';

export interface ConsultationDeps {
  readonly provider: BureauProvider;
  /** The answer reuse window and the SCR windows (BUREAU_* settings). */
  readonly settings: Pick<BureauSettings, 'cacheTtl_ms' | 'scr'>;
}

/** Who consults, on which pool, when: what the query was given. */
export interface ConsultationContext {
  readonly db: Db;
  readonly actor: Actor;
  readonly context: QueryContext;
}

/** The answer of a consultation: the provider's document (or the failure's) and the message. */
export interface ConsultationAnswer<B extends object> {
  readonly answer: B;
  readonly message: string;
}

export const ConsultationMessage = {
  found: 'Consulta realizada com sucesso.',
  noRecord: 'Nenhum registro encontrado para o documento consultado.',
} as const;

type OperationAuditColumns = Pick<AuditRow, 'product_code' | 'consulta_completa' | 'reference_month' | 'consent_at' | 'identifiers'>;

export interface Consultation<B extends object> {
  readonly operation: ConsultationOperation;
  readonly document: ConsultedDocument;
  /** What, besides the partner, operation and document, makes two requests the same consultation. */
  readonly variant: Record<string, unknown>;
  readonly audit: OperationAuditColumns;
  readonly call: (provider: BureauProvider) => Promise<ProviderOutcome<B>>;
  /** The answer's fields when the provider failed (falha / erro true, every field present). */
  readonly failureBody: (failure: ProviderFailure) => B;
}

/** SHA-256 of the normalized request: the stored answer's key (identifiers not kept in clear). */
export function requestKey(operation: ConsultationOperation, document: ConsultedDocument, variant: Record<string, unknown>): string {
  const canonical = stringify({ operation, document: document.id.digits, ...variant }, { sortKeys: true });
  return createHash('sha256').update(canonical).digest('hex');
}

const SAO_PAULO_MINUTE = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRAZIL_TZ, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
});

/** "23/11/2026 às 12:00" in São Paulo time. */
export function brazilMinuteText(at: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) => SAO_PAULO_MINUTE.formatToParts(at).find((p) => p.type === type)?.value ?? '';
  return `${part('day')}/${part('month')}/${part('year')} às ${part('hour')}:${part('minute')}`;
}

export function cachedMessage(consultedAt: Date, originalMsg: string): string {
  return `Resultado recuperado de consulta anterior (realizada em ${brazilMinuteText(consultedAt)}, horário de Brasília), sem nova cobrança do serviço de consulta: ${originalMsg}`;
}

interface AuditOutcomeFields {
  readonly outcome: AuditOutcome;
  readonly provider: string;
  readonly failure?: { readonly reason: string; readonly detail: string | null };
  readonly cachedConsultedAt?: Date;
}

function auditRow<B extends object>(c: Consultation<B>, ctx: ConsultationContext, at: Date, o: AuditOutcomeFields): AuditRow {
  return {
    partner_id: ctx.actor.id,
    operation: c.operation,
    document: c.document.id.digits,
    document_kind: c.document.id.kind,
    ...c.audit,
    outcome: o.outcome,
    provider: o.provider,
    failure_reason: o.failure?.reason ?? null,
    failure_detail: o.failure?.detail ?? null,
    cached_consulted_at: o.cachedConsultedAt ?? null,
    request_id: ctx.context.requestId,
    consulted_at: at,
  };
}

async function askProvider<B extends object>(c: Consultation<B>, ctx: ConsultationContext, deps: ConsultationDeps): Promise<ProviderOutcome<B>> {
  try {
    return await c.call(deps.provider);
  } catch (error) {
    // A bug, not a provider problem (providers return failures): keep the trace, then fail loudly.
    const failure = { reason: 'internal_error', detail: error instanceof Error ? error.name : 'non-error thrown' };
    await recordConsultation(ctx.db, auditRow(c, ctx, ctx.context.clock.now(), { outcome: 'failure', provider: deps.provider.name, failure }));
    throw error;
  }
}

/** Runs the consultation and returns the answer's document with its message (the view renders both). */
export async function runConsultation<B extends object>(c: Consultation<B>, ctx: ConsultationContext, deps: ConsultationDeps): Promise<ConsultationAnswer<B>> {
  const partnerId = ctx.actor.id;
  const ttl_ms = deps.settings.cacheTtl_ms;
  const key = requestKey(c.operation, c.document, c.variant);
  if (ttl_ms > 0) {
    const started = ctx.context.clock.now();
    const hit = await findFreshAnswer(ctx.db, partnerId, c.operation, key, new Date(started.getTime() - ttl_ms));
    if (hit !== null) {
      await recordConsultation(ctx.db, auditRow(c, ctx, started, { outcome: 'cached', provider: hit.provider, cachedConsultedAt: hit.consulted_at }));
      return { answer: parse(hit.body) as B, message: cachedMessage(hit.consulted_at, hit.msg) };
    }
  }
  const outcome = await askProvider(c, ctx, deps);
  const at = ctx.context.clock.now();
  const provider = deps.provider.name;
  if (outcome.status === 'failure') {
    const { reason, detail, attempts } = outcome.failure;
    ctx.context.log.warn({ operation: c.operation, provider, reason, attempts }, 'bureau provider failure');
    await recordConsultation(ctx.db, auditRow(c, ctx, at, { outcome: 'failure', provider, failure: { reason, detail } }));
    return { answer: c.failureBody(outcome.failure), message: outcome.failure.mensagem };
  }
  const msg = outcome.status === 'found' ? ConsultationMessage.found : ConsultationMessage.noRecord;
  const audit = auditRow(c, ctx, at, { outcome: outcome.status, provider });
  if (ttl_ms > 0) {
    const stored = { partner_id: partnerId, operation: c.operation, request_key: key, outcome: outcome.status, provider, msg, body: stringify(outcome.body), consulted_at: at };
    await storeAnswerAndRecord(ctx.db, stored, new Date(at.getTime() - ttl_ms), audit);
  } else {
    await recordConsultation(ctx.db, audit);
  }
  return { answer: outcome.body, message: msg };
}
