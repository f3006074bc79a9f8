// The proposals module's dependencies on receivables, built once: the HTTP routes (compose.ts)
// and the operator CLI use the same ones.
import { cancelSchedule, describeBoleto, openSchedule, summarizeSchedule } from '../receivables/index.js';
import type { ProposalDeps } from './proposal-deps.js';

export const proposalDeps: ProposalDeps = { schedule: { openSchedule, cancelSchedule, summarizeSchedule, describeBoleto } };
