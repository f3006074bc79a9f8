// The provider port: what the bureau module asks of whoever holds the data (the built-in sandbox
// or a real bureau over HTTP). Requests arrive already validated; answers are typed bodies
// without the envelope, or a typed failure. A provider never throws for a provider problem:
// the caller answers `falha: true` with the failure's Portuguese message, never a 500.
import type { BureauBody } from './bureau-types.js';
import type { FraudBody } from './fraud-types.js';
import type { ScrBody } from './scr-types.js';

export type { BureauBody } from './bureau-types.js';
export type { ScrBody } from './scr-types.js';
export type { FraudBody } from './fraud-types.js';

export type PersonType = 'PF' | 'PJ';

interface RequestBase {
  /** CPF (11 digits) or CNPJ (14 characters, upper-case alphanumeric allowed), no punctuation. */
  readonly document: string;
  readonly personType: PersonType;
}

export interface BureauRequest extends RequestBase {
  /** A canonical code of the catalogue (products.ts), already checked to fit `personType`. */
  readonly productCode: string;
  readonly consultaCompleta: boolean;
}

export interface ScrRequest extends RequestBase {
  readonly referenceYear: number;
  /** 1–12. */
  readonly referenceMonth: number;
  /** When the customer consented (dtAceiteCliente). */
  readonly consentAt: Date;
}

export interface PhoneNumber {
  readonly codigoPais: string;
  readonly ddd: string;
  readonly numero: string;
}

export interface FraudRequest extends RequestBase {
  readonly chavePix?: string | undefined;
  readonly email?: string | undefined;
  readonly phone?: PhoneNumber | undefined;
}

export type ProviderFailureReason =
  | 'timeout' // no answer within timeout_ms (after the retries)
  | 'unavailable' // connection refused/reset, 5xx or 429 (after the retries)
  | 'rejected' // the provider refused our call (4xx): credentials or request format
  | 'malformed_response' // an answer that is not the documented wire format
  | 'circuit_open' // too many recent failures: not calling the provider for a while
  | 'provider_error'; // the provider answered, in format, that it could not consult

export interface ProviderFailure {
  readonly falha: true;
  readonly reason: ProviderFailureReason;
  /** Portuguese, safe to show to the partner (no personal data, no provider internals). */
  readonly mensagem: string;
  /** HTTP attempts made (0 when the circuit was open or for the sandbox). */
  readonly attempts: number;
  /** Provider-side detail for the audit trail only (status, provider code); never logged. */
  readonly detail: string | null;
}

export type ProviderOutcome<B> =
  | { readonly status: 'found'; readonly body: B }
  | { readonly status: 'no_record'; readonly body: B }
  | { readonly status: 'failure'; readonly failure: ProviderFailure };

export type BureauOutcome = ProviderOutcome<BureauBody>;
export type ScrOutcome = ProviderOutcome<ScrBody>;
export type FraudOutcome = ProviderOutcome<FraudBody>;

export interface BureauProvider {
  /** Name recorded in the audit trail ("sandbox", "http"). */
  readonly name: string;
  consultBureau(req: BureauRequest): Promise<BureauOutcome>;
  consultScr(req: ScrRequest): Promise<ScrOutcome>;
  consultFraud(req: FraudRequest): Promise<FraudOutcome>;
}

/** Portuguese messages for each failure reason (what `falha: true` answers carry). */
export const FAILURE_MESSAGES: Readonly<Record<ProviderFailureReason, string>> = {
  timeout: 'O serviço de consulta não respondeu a tempo. Tente novamente em alguns minutos.',
  unavailable: 'O serviço de consulta está indisponível no momento. Tente novamente em alguns minutos.',
  rejected: 'O serviço de consulta recusou a solicitação. Contate o suporte.',
  malformed_response: 'O serviço de consulta devolveu uma resposta inválida. Tente novamente em alguns minutos.',
  circuit_open: 'O serviço de consulta está temporariamente suspenso após falhas repetidas. Tente novamente em alguns minutos.',
  provider_error: 'O serviço de consulta não conseguiu processar a consulta deste documento.',
};

export function providerFailure(reason: ProviderFailureReason, attempts: number, detail: string | null = null): ProviderFailure {
  return { falha: true, reason, mensagem: FAILURE_MESSAGES[reason], attempts, detail };
}
