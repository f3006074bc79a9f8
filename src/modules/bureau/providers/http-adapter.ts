// The provider adapter for a real bureau over HTTP. One POST per consultation (the document goes
// in the body, never in the URL, so it does not land in access logs), with a timeout per attempt,
// bounded retries with exponential backoff, a circuit breaker, and a strict check of the answer.
// Every provider problem ends as a typed failure (`falha: true`); nothing here throws for it.
import type { Clock } from '../../../platform/clock.js';
import { CircuitBreaker, type BreakerState } from './circuit-breaker.js';
import type { HttpBureauConfig } from './http-config.js';
import {
  providerFailure, type BureauOutcome, type BureauProvider, type BureauRequest, type FraudOutcome, type FraudRequest,
  type ProviderFailureReason, type ProviderOutcome, type ScrOutcome, type ScrRequest,
} from './port.js';
import { decodeObject, parseWireJson, WireFormatError, type FieldsSpec } from './wire-decode.js';
import { BUREAU_BODY, FRAUD_BODY, SCR_BODY } from './wire-schemas.js';
import { RESPONSE_BYTES_MAX } from '../limits.js';


export interface HttpBureauDeps {
  readonly clock: Clock;
  /** Waits between retries; tests pass one that records the delays and returns at once. */
  readonly sleep: (delay_ms: number) => Promise<void>;
  readonly fetch?: typeof fetch;
}

type Attempt =
  | { readonly kind: 'answer'; readonly text: string }
  | { readonly kind: 'retry' | 'stop'; readonly reason: ProviderFailureReason; readonly detail: string };

/** Statuses worth another attempt: the provider is busy or briefly down, not refusing us. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 425, 429, 500, 502, 503, 504]);

async function readCapped(res: Response, max_bytes: number): Promise<string | null> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max_bytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

export class HttpBureauProvider implements BureauProvider {
  readonly name = 'http';
  private readonly breaker: CircuitBreaker;
  private readonly fetchFn: typeof fetch;

  constructor(private readonly config: HttpBureauConfig, private readonly deps: HttpBureauDeps) {
    this.breaker = new CircuitBreaker({ failureThreshold: config.breakerFailureThreshold, coolDown_ms: config.breakerCoolDown_ms, clock: deps.clock });
    this.fetchFn = deps.fetch ?? fetch;
  }

  get breakerState(): BreakerState {
    return this.breaker.state;
  }

  consultBureau(req: BureauRequest): Promise<BureauOutcome> {
    const payload = {
      documento: req.document, tipoPessoa: req.personType, codigoProduto: req.productCode, consultaCompleta: req.consultaCompleta,
    };
    return this.call('bureau', payload, BUREAU_BODY);
  }

  consultScr(req: ScrRequest): Promise<ScrOutcome> {
    const payload = {
      documento: req.document, tipoPessoa: req.personType, dataBaseAno: req.referenceYear, dataBaseMes: req.referenceMonth, dtAceiteCliente: req.consentAt.toISOString(),
    };
    return this.call('scr', payload, SCR_BODY);
  }

  consultFraud(req: FraudRequest): Promise<FraudOutcome> {
    const payload = {
      documento: req.document, tipoPessoa: req.personType, chavePix: req.chavePix ?? null, email: req.email ?? null, celular: req.phone ?? null,
    };
    return this.call('fraude', payload, FRAUD_BODY);
  }

  private backoff_ms(retry: number): number {
    return Math.min(this.config.backoffBase_ms * 2 ** (retry - 1), this.config.backoffMax_ms);
  }

  private async call<B>(path: string, payload: object, spec: FieldsSpec): Promise<ProviderOutcome<B>> {
    if (!this.breaker.tryAcquire()) return { status: 'failure', failure: providerFailure('circuit_open', 0) };
    try {
      let last: Attempt = { kind: 'retry', reason: 'unavailable', detail: 'no attempt' };
      let attempts = 0;
      while (attempts <= this.config.retries_max) {
        if (attempts > 0) await this.deps.sleep(this.backoff_ms(attempts));
        attempts += 1;
        last = await this.attempt(path, payload);
        if (last.kind !== 'retry') break;
      }
      const outcome: ProviderOutcome<B> =
        last.kind === 'answer'
          ? this.interpret<B>(last.text, spec, attempts)
          : { status: 'failure', failure: providerFailure(last.reason, attempts, last.detail) };
      const providerHealthy = outcome.status !== 'failure' || outcome.failure.reason === 'provider_error';
      if (providerHealthy) this.breaker.recordSuccess();
      else this.breaker.recordFailure();
      return outcome;
    } catch (error) {
      this.breaker.recordFailure(); // never leave a half-open trial hanging
      throw error;
    }
  }

  private async attempt(path: string, payload: object): Promise<Attempt> {
    const url = `${this.config.baseUrl.replace(/\/+$/, '')}/${path}`;
    try {
      const res = await this.fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', [this.config.credentialsHeaderName]: this.config.credentialsHeaderValue },
        body: JSON.stringify(payload),
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.timeout_ms),
      });
      if (res.status !== 200) {
        await res.body?.cancel();
        const kind = RETRYABLE_STATUSES.has(res.status) ? 'retry' : 'stop';
        return { kind, reason: kind === 'retry' ? (res.status === 408 ? 'timeout' : 'unavailable') : 'rejected', detail: `HTTP ${res.status}` };
      }
      const text = await readCapped(res, RESPONSE_BYTES_MAX);
      if (text === null) return { kind: 'stop', reason: 'malformed_response', detail: `answer larger than ${RESPONSE_BYTES_MAX} bytes` };
      return { kind: 'answer', text };
    } catch (error) {
      if (isTimeout(error)) return { kind: 'retry', reason: 'timeout', detail: `no answer within ${this.config.timeout_ms} ms` };
      return { kind: 'retry', reason: 'unavailable', detail: error instanceof Error ? `${error.name}: ${error.message}` : 'network error' };
    }
  }

  /** The wire envelope: {status: "found"|"no_record", body} or {status: "failure", codigo, mensagem}. */
  private interpret<B>(text: string, spec: FieldsSpec, attempts: number): ProviderOutcome<B> {
    try {
      const raw = parseWireJson(text);
      const head = decodeObject({ status: 'string' }, raw, '$');
      if (head.status === 'found' || head.status === 'no_record') {
        const body = decodeObject(spec, (raw as Record<string, unknown>).body, '$.body') as B;
        return { status: head.status, body };
      }
      if (head.status === 'failure') {
        const f = decodeObject({ codigo: 'string', mensagem: 'string' }, raw, '$');
        return { status: 'failure', failure: providerFailure('provider_error', attempts, `${String(f.codigo)}: ${String(f.mensagem)}`) };
      }
      throw new WireFormatError('$.status', '"found", "no_record" or "failure"');
    } catch (error) {
      if (!(error instanceof WireFormatError)) throw error;
      return { status: 'failure', failure: providerFailure('malformed_response', attempts, error.message) };
    }
  }
}
