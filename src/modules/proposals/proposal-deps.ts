// What the proposal use cases need from receivables (schedule-contract.ts), injected by the
// composition root so the proposals module never reaches into receivables' tables.
import type { CancelSchedule, OpenSchedule, SummarizeSchedule } from '../receivables/schedule-contract.js';

export interface ScheduleHooks {
  openSchedule: OpenSchedule;
  cancelSchedule: CancelSchedule;
  summarizeSchedule: SummarizeSchedule;
}

export interface ProposalDeps {
  schedule: ScheduleHooks;
}
