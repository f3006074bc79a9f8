// Proposta/IncluirManualSimplificado in domain terms (issue 13): the command `proposal.create`.
// Validate, price (contract date = today in São Paulo), store, and finalize at once unless the
// parameter SITUACAOPROPOSTAEMDIGITACAO=true keeps a draft. create-proposal.route.ts maps wire and result.
//
// Error codes (400, all problems of a request in one answer; docs/proposals.md):
//   T0665/D0001 customer document missing      T0665/D0002 customer document invalid
//   T0665/D0020 vlrSolicitado missing          C0196/V0001 vlrSolicitado not > 0
//   T0665/D0021 prazo missing                  C0196/V0004 prazo invalid / plan cannot amortize
//   C0185/V0009 percJurosNegociado missing or outside 0–100
//   C0198/V0001 hotMoney or rotativo           PRP001 dtPrimeiroVencto missing/outside 1–365 days
//   PRP002 amount format                       PRP003 vlrParcela differs (message states the expected value)
//   PRP004 IOF's daily part over the cap       PRP005 codigoOperacao already used by this partner
//   PRP006 documentoPromotor/ParceiroCorrespondente invalid   PRP007 percRetencao over 100
//   CPG001–CPG010 propostaContaPagamentoDTO    LAN001–LAN007 propostaLancamentos
import { randomUUID } from 'node:crypto';
import type { CommandContext, CommandDefinition } from '../../platform/commands.js';
import { DomainError, MessageType, type MessageInput } from '../../platform/errors.js';
import type { LocalDate } from '../../platform/dates.js';
import { type IofCaps, type ProposalPricing, offeredCet, priceProposal } from './pricing/index.js';
import { ProposalCode } from './proposal-codes.js';
import { partnerEventContext, partnerIdOf, todayOf } from './proposal-access.js';
import { insertNewProposal, pricingMessages } from './proposal-finalization.js';
import { fieldName, type ProposalApplication, type ProposalApplicationPaths, type WireRecord } from './proposal-application.js';
import { type NewProposal, readProposal } from './proposal-input.js';
import { ProposalStatus } from './proposal-lifecycle.js';
import { pricingColumnsOf } from './proposal-plan.js';
import { isOperationCodeTaken, type NewHistory, type ProposalRow } from './proposal-repository.js';
import type { EventContext } from './proposal-transitions.js';

export interface CreateProposalInput {
  /** The proposal, checked by the command (proposal-input.ts). */
  application: ProposalApplication;
  /** Where each field sits in the request: a refusal names it. */
  paths: ProposalApplicationPaths;
  /** What the partner sent (the proposal and the named parameters), stored verbatim, never read here. */
  sent: { application: WireRecord; parameters: WireRecord };
}

/** The new proposal and what was priced; amounts and percentages as exact decimal strings. */
export interface CreatedProposal {
  proposalId: string;
  number: number;
  installmentAmount: string;
  iofAmount: string;
  financedAmount: string;
  annualCetPercent: string;
  monthlyCetPercent: string;
}

const UNIQUE_VIOLATION = '23505';

function operationCodeTaken(operationCode: string, field: string): MessageInput {
  return { code: ProposalCode.operationCodeTaken, description: `Já existe uma proposta com o ${fieldName(field)} ${operationCode}.`, field, messageType: MessageType.business };
}

function throwAll(messages: MessageInput[]): void {
  if (messages.length === 0) return;
  const allBusiness = messages.every((m) => m.messageType === MessageType.business);
  throw new DomainError(allBusiness ? 'business' : 'validation', messages);
}

function rowOf(id: string, ctx: CommandContext, proposal: NewProposal, pricing: ProposalPricing, input: CreateProposalInput, contractDate: LocalDate) {
  const now = ctx.now;
  const p = proposal.pricing;
  return {
    id,
    partner_id: partnerIdOf(ctx.actor),
    codigo_operacao: proposal.operationCode,
    status: ProposalStatus.draft,
    person_type: proposal.personType,
    customer_document: proposal.customerDocument,
    contract_type: proposal.contractType,
    contract_date: contractDate,
    first_due_date: p.firstDueDate,
    term_months: p.termMonths,
    monthly_rate_percent: p.monthlyRatePercent.toFixed(),
    requested_amount: p.requestedAmount.toFixed(2),
    iof_exempt: p.iofExempt,
    ...pricingColumnsOf(pricing),
    tac_amount: p.costs.tac ? p.costs.tac.toFixed(2) : null,
    // Decimal values serialize as exact strings (decimal.js toJSON).
    dto: JSON.stringify(input.sent.application),
    parametros: JSON.stringify(input.sent.parameters),
    payment_account: proposal.paymentAccount ? JSON.stringify(proposal.paymentAccount) : null,
    launches: JSON.stringify(proposal.launches),
    created_at: now,
    updated_at: now,
  };
}

async function store(events: EventContext, row: ReturnType<typeof rowOf>, created: NewHistory, finalize: { pricing: ProposalPricing; on: LocalDate } | null, operationCode: { code: string | null; field: string }): Promise<Pick<ProposalRow, 'id' | 'numero'>> {
  try {
    return await insertNewProposal(events, row, created, finalize);
  } catch (error) {
    // Two concurrent creations with one operation code: the unique index decides.
    if ((error as { code?: string }).code === UNIQUE_VIOLATION && operationCode.code) throw new DomainError('business', [operationCodeTaken(operationCode.code, operationCode.field)]);
    throw error;
  }
}

async function createProposal(input: CreateProposalInput, ctx: CommandContext, iofCaps: IofCaps): Promise<CreatedProposal> {
  const contractDate = todayOf(ctx.now);
  const { proposal, messages } = readProposal(input.application, input.paths, contractDate);
  const pricing = proposal ? priceProposal({ ...proposal.pricing, iofCaps }) : null;
  if (pricing) messages.push(...pricingMessages(pricing, input.paths.pricing));
  if (proposal?.operationCode && (await isOperationCodeTaken(ctx.tx, partnerIdOf(ctx.actor), proposal.operationCode))) messages.push(operationCodeTaken(proposal.operationCode, input.paths.operationCode));
  throwAll(messages);
  if (!proposal || !pricing) throw new Error('assertion: a proposal without problems is priced');

  const events = partnerEventContext(ctx);
  const row = rowOf(randomUUID(), ctx, proposal, pricing, input, contractDate);
  const created: NewHistory = {
    proposal_id: row.id,
    partner_id: row.partner_id,
    event: 'create',
    from_status: null,
    to_status: ProposalStatus.draft,
    occurred_on: contractDate,
    recorded_at: events.now,
    actor_kind: 'partner',
    actor: events.actor.name,
    reason: null,
    details: null,
  };
  const draft = await store(events, row, created, proposal.keepDraft ? null : { pricing, on: contractDate }, { code: proposal.operationCode, field: input.paths.operationCode });
  const cet = offeredCet(pricing);
  return {
    proposalId: draft.id,
    number: draft.numero,
    installmentAmount: pricing.installmentAmount.toFixed(),
    iofAmount: pricing.iof.total.toFixed(),
    financedAmount: pricing.financedAmount.toFixed(),
    annualCetPercent: cet.annualPercent.toFixed(),
    monthlyCetPercent: cet.monthlyPercent.toFixed(),
  };
}

/** Bound to the operator's IOF caps (settings.ts). No advisory lock: the unique index decides a repeated operation code. */
export function createProposalCommand(iofCaps: IofCaps): CommandDefinition<CreateProposalInput, CreatedProposal> {
  return {
    name: 'proposal.create',
    summarize: (r) => `proposal ${r.number} created`,
    handler: (input, ctx) => createProposal(input, ctx, iofCaps),
  };
}
