// What the receivables use cases need from outside: configuration and the proposals module's
// read/transition hooks (bound in src/bindings.ts).
import type { OutboxWriter } from '../../platform/commands.js';
import type { Executor } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import type { Decimal } from '../../platform/money.js';
import type { ReceivablesSettings } from './settings.js';

export interface ProposalsPort {
  /** situacaoProposta shown by ConsultarDetalhes; null when the proposal is unknown to it. */
  statusOf?(db: Executor, partnerId: string, proposalId: string): Promise<number | null>;
  /** Called inside the transaction in which the schedule becomes paid off (proposal "liquidada"). */
  markPaidOff?(tx: Executor, partnerId: string, proposalId: string, on: LocalDate, now: Date): Promise<void>;
}

/** A Pix-only charge to register at a Pix provider (API Pix of the Banco Central). */
export interface ProviderPixCharge {
  dueDate: LocalDate;
  expiresOn: LocalDate;
  /** Valor do documento: what is owed before the discount (the charge asks amount − discount). */
  documentAmount: Decimal;
  discount: Decimal;
  payer: { document: string; name: string };
  description: string;
  now: Date;
}

/**
 * The Pix provider when one is configured (the settlement module implements it): registers a
 * Pix-only charge and returns its txid and dynamic BR Code. Throws a DomainError of kind
 * 'unavailable' when the provider fails, so the command changes nothing and can be retried.
 */
export interface PixProviderPort {
  register(charge: ProviderPixCharge): Promise<{ txid: string; emv: string }>;
}

/** Bound by the composition root (src/bindings.ts) for every face: the routes, the CLI, the console, settlement. */
export interface ReceivablesDeps {
  settings: ReceivablesSettings;
  /** PUBLIC_URL: urlImpressao = `${publicUrl}/boletos/<token>.pdf`. */
  publicUrl: string;
  proposals: ProposalsPort;
  /** Absent: the sandbox's static BR Code, as without a provider. */
  pixProvider?: PixProviderPort;
}

declare module '../../platform/module.js' {
  interface ModuleBindings {
    receivables: ReceivablesDeps;
  }
}

/**
 * situacaoProposta when the proposals module does not answer: 0 (unknown). The ids of the proposal
 * statuses belong to that module (docs/proposal-lifecycle.md).
 */
export const PROPOSAL_STATUS_UNKNOWN = 0;
