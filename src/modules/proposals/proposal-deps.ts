// What the proposal use cases need from receivables (schedule-contract.ts), injected by the
// composition root so the proposals module never reaches into receivables' tables.
import type { CancelSchedule, DescribeBoleto, OpenSchedule, SummarizeSchedule } from '../receivables/index.js';

export interface ScheduleHooks {
  openSchedule: OpenSchedule;
  cancelSchedule: CancelSchedule;
  summarizeSchedule: SummarizeSchedule;
  /** The refund boleto of a cancelled proposal (Proposta/Consultar `cancelamentoFGTS`). */
  describeBoleto: DescribeBoleto;
}

export interface ProposalDeps {
  schedule: ScheduleHooks;
}

// The composition root (src/bindings.ts) binds these for every face.
declare module '../../platform/module.js' {
  interface ModuleBindings {
    proposals: ProposalDeps;
  }
}
