// Proposta/IncluirManualSimplificado on the command runner: the wire body mapped to the English
// application (and each field's wire path; proposal-application-wire.ts), the envelope out.
import { defineCommandRoute } from '../../platform/http/route.js';
import { dec } from '../../platform/money.js';
import { spec } from './create-proposal.schema.js';
import { proposalApplicationOf, proposalApplicationPaths, wireRecord } from './proposal-application-wire.js';
import type { ProposalPartnerCommands } from './partner-commands.js';

export const routeWith = (command: ProposalPartnerCommands['create']) =>
  defineCommandRoute(spec, {
    input: (body) => ({
      application: proposalApplicationOf(body.dto, body.parametros),
      paths: proposalApplicationPaths(body.dto),
      sent: { application: wireRecord(body.dto), parameters: wireRecord(body.parametros ?? []) },
    }),
    command,
    view: (r) => ({
      codigo: r.proposalId,
      numero: r.number,
      vlrParcela: dec(r.installmentAmount),
      vlrIOF: dec(r.iofAmount),
      vlrFinanciado: dec(r.financedAmount),
      percCETAnual: dec(r.annualCetPercent),
      percCETMensal: dec(r.monthlyCetPercent),
    }),
  });
