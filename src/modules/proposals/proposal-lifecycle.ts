// The proposal lifecycle: statuses with their numeric ids and every allowed transition, as one
// pure state machine. Use cases (HTTP and CLI) ask it before any status change; nothing else
// decides whether a proposal may move. Diagram and table: docs/proposal-lifecycle.md.

/** Numeric ids (`situacao` on the wire). Only cedida = 10 is fixed by the interface. */
export const ProposalStatus = {
  draft: 1,
  finalized: 2,
  approved: 3,
  paymentPending: 4,
  disbursed: 5,
  refused: 6,
  cancelled: 7,
  settled: 8,
  assigned: 10,
} as const;

export type ProposalStatus = (typeof ProposalStatus)[keyof typeof ProposalStatus];

export const ALL_STATUSES: readonly ProposalStatus[] = Object.freeze(Object.values(ProposalStatus));

const DESCRIPTIONS: Readonly<Record<ProposalStatus, string>> = Object.freeze({
  1: 'Em digitação',
  2: 'Finalizada',
  3: 'Aprovada',
  4: 'Pendente pagamento',
  5: 'Liberada',
  6: 'Recusada',
  7: 'Cancelada',
  8: 'Liquidada',
  10: 'Cedida',
});

/** What moves a proposal; each event has exactly one target status. */
export type LifecycleEvent = 'finalize' | 'approve' | 'requestPayment' | 'disburse' | 'assign' | 'refuse' | 'cancel' | 'settle';

export const ALL_EVENTS: readonly LifecycleEvent[] = Object.freeze(['finalize', 'approve', 'requestPayment', 'disburse', 'assign', 'refuse', 'cancel', 'settle']);

/** Portuguese verbs for messages ("não permite {verb}"). */
const EVENT_LABELS: Readonly<Record<LifecycleEvent, string>> = Object.freeze({
  finalize: 'finalizar',
  approve: 'aprovar',
  requestPayment: 'enviar para pagamento',
  disburse: 'liberar',
  assign: 'ceder',
  refuse: 'recusar',
  cancel: 'cancelar',
  settle: 'liquidar',
});

export function eventLabel(event: LifecycleEvent): string {
  return EVENT_LABELS[event];
}

interface EventRule {
  to: ProposalStatus;
  from: readonly ProposalStatus[];
}

/**
 * The whole transition table. Refusal is possible until the money leaves (a disbursed loan is
 * undone by cancellation, CDC art. 49, not refused); cancellation only of a disbursed, not yet
 * assigned loan (interface); a schedule paid off settles the loan whether or not it was assigned.
 */
const RULES: Readonly<Record<LifecycleEvent, EventRule>> = Object.freeze({
  finalize: { to: ProposalStatus.finalized, from: [ProposalStatus.draft] },
  approve: { to: ProposalStatus.approved, from: [ProposalStatus.finalized] },
  requestPayment: { to: ProposalStatus.paymentPending, from: [ProposalStatus.approved] },
  disburse: { to: ProposalStatus.disbursed, from: [ProposalStatus.paymentPending] },
  assign: { to: ProposalStatus.assigned, from: [ProposalStatus.disbursed] },
  refuse: { to: ProposalStatus.refused, from: [ProposalStatus.draft, ProposalStatus.finalized, ProposalStatus.approved, ProposalStatus.paymentPending] },
  cancel: { to: ProposalStatus.cancelled, from: [ProposalStatus.disbursed] },
  settle: { to: ProposalStatus.settled, from: [ProposalStatus.disbursed, ProposalStatus.assigned] },
});

/** Statuses whose disbursement account may be replaced (interface, AtualizarContaPagamento). */
export const PAYMENT_ACCOUNT_UPDATABLE: readonly ProposalStatus[] = Object.freeze([ProposalStatus.approved, ProposalStatus.finalized, ProposalStatus.disbursed, ProposalStatus.paymentPending]);

/** No event leaves these. */
export const FINAL_STATUSES: readonly ProposalStatus[] = Object.freeze([ProposalStatus.refused, ProposalStatus.cancelled, ProposalStatus.settled]);

export function isProposalStatus(value: number): value is ProposalStatus {
  return (ALL_STATUSES as readonly number[]).includes(value);
}

export function statusDescription(status: ProposalStatus): string {
  const description = DESCRIPTIONS[status];
  if (description === undefined) throw new Error(`assertion: unknown proposal status ${String(status)}`);
  return description;
}

export function targetOf(event: LifecycleEvent): ProposalStatus {
  return RULES[event].to;
}

export type TransitionDecision = { ok: true; from: ProposalStatus; to: ProposalStatus; event: LifecycleEvent } | { ok: false; from: ProposalStatus; event: LifecycleEvent };

/** Whether `event` may happen to a proposal in `from`, and where it leads. */
export function decideTransition(from: ProposalStatus, event: LifecycleEvent): TransitionDecision {
  if (!isProposalStatus(from)) throw new Error(`assertion: unknown proposal status ${String(from)}`);
  const rule = RULES[event];
  return rule.from.includes(from) ? { ok: true, from, to: rule.to, event } : { ok: false, from, event };
}

/** The event that moves `from` to `to` directly, or null when no single transition does. */
export function eventBetween(from: ProposalStatus, to: ProposalStatus): LifecycleEvent | null {
  return ALL_EVENTS.find((event) => RULES[event].to === to && RULES[event].from.includes(from)) ?? null;
}

export function canMove(from: ProposalStatus, to: ProposalStatus): boolean {
  return eventBetween(from, to) !== null;
}

/**
 * The events of a disbursement from `from`: an approved proposal passes through pendente
 * pagamento on its way to liberada (the payment order is issued and settled in one operator step);
 * one already pending needs only the last step. Empty when it cannot be disbursed.
 */
export function disbursementPath(from: ProposalStatus): LifecycleEvent[] {
  if (from === ProposalStatus.approved) return ['requestPayment', 'disburse'];
  if (from === ProposalStatus.paymentPending) return ['disburse'];
  return [];
}
