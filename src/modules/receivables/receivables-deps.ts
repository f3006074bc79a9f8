// What the receivables use cases need from outside: configuration and the proposals module's
// read/transition hooks (optional until that module lands; wired in src/compose.ts).
import type { Executor } from '../../platform/db/pool.js';
import type { LocalDate } from '../../platform/dates.js';
import type { ReceivablesSettings } from './settings.js';

export interface ProposalsPort {
  /** situacaoProposta shown by ConsultarDetalhes; null when the proposal is unknown to it. */
  situacaoOf?(db: Executor, partnerId: string, proposalId: string): Promise<number | null>;
  /** Called inside the transaction in which the schedule becomes paid off (proposal "liquidada"). */
  markPaidOff?(tx: Executor, partnerId: string, proposalId: string, on: LocalDate, now: Date): Promise<void>;
}

export interface ReceivablesDeps {
  settings: ReceivablesSettings;
  /** PUBLIC_URL: urlImpressao = `${publicUrl}/boletos/<token>.pdf`. */
  publicUrl: string;
  proposals: ProposalsPort;
}

/**
 * situacaoProposta when the proposals module does not answer: 0 (unknown). The ids of the proposal
 * statuses belong to that module (docs/proposal-lifecycle.md).
 */
export const PROPOSAL_STATUS_UNKNOWN = 0;
