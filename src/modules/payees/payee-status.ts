// The review state of a payee and the decisions the service team (or the partner's automatic
// approval) takes on it. Pure: no I/O.
//
//   pending (0) ──approve──► approved (1) ──reject──► rejected (2)
//        └──────────────reject─────────────────────────────┘
//
// A rejection is final for that registration: the payee is never approved afterwards. The partner
// registers the key or account again, which makes a new payee and a new review (the rejected one
// no longer holds the key: see the partial unique indexes of 0007-payees.sql).
import { REVIEWER_LENGTH_MAX, REJECTION_REASON_LENGTH_MAX } from './limits.js';

export const PayeeStatus = { pending: 0, approved: 1, rejected: 2 } as const;
export type PayeeStatus = (typeof PayeeStatus)[keyof typeof PayeeStatus];

/** `descricaoSituacao` of each code (what the partner reads). */
export const PAYEE_STATUS_DESCRIPTIONS: Readonly<Record<PayeeStatus, string>> = {
  0: 'Pendente de análise',
  1: 'Aprovado',
  2: 'Reprovado',
};

/** Names accepted by `caas payee list --status` (and the codes themselves). */
const STATUS_NAMES: Readonly<Record<string, PayeeStatus>> = {
  pendente: 0,
  aprovado: 1,
  reprovado: 2,
  rejeitado: 2,
};

export type Decision = 'approve' | 'reject';

/** Who took an automatic decision (the partner's auto-approval flag), in the review history. */
export const AUTO_REVIEWER = 'auto';

/** Catalogue of the codes the payee use cases add to the FAV validation codes (docs/payees.md). */
export const PayeeReviewCode = {
  holderMismatch: 'FAV019',
  lookupMissing: 'FAV020',
  notFound: 'FAV021',
  alreadyApproved: 'FAV022',
  rejectedIsFinal: 'FAV023',
  alreadyRejected: 'FAV024',
  reason: 'FAV025',
  reviewer: 'FAV026',
} as const;

export type Transition = { ok: true; status: PayeeStatus } | { ok: false; code: string; description: string };

export function isPayeeStatus(value: number): value is PayeeStatus {
  return Object.hasOwn(PAYEE_STATUS_DESCRIPTIONS, value);
}

/** The status a decision leads to from `current`, or why it cannot be taken. */
export function nextPayeeStatus(current: PayeeStatus, decision: Decision): Transition {
  if (decision === 'approve') {
    if (current === PayeeStatus.pending) return { ok: true, status: PayeeStatus.approved };
    if (current === PayeeStatus.approved) return { ok: false, code: PayeeReviewCode.alreadyApproved, description: 'O favorecido já está aprovado.' };
    return { ok: false, code: PayeeReviewCode.rejectedIsFinal, description: 'O favorecido foi reprovado e não pode ser aprovado; o parceiro deve cadastrá-lo novamente.' };
  }
  if (current === PayeeStatus.rejected) return { ok: false, code: PayeeReviewCode.alreadyRejected, description: 'O favorecido já está reprovado.' };
  return { ok: true, status: PayeeStatus.rejected };
}

/** `--status` of the CLI: a code (0–2) or a name (pendente, aprovado, reprovado/rejeitado). */
export function parsePayeeStatus(text: string): PayeeStatus | null {
  const trimmed = text.trim().toLowerCase();
  if (/^\d$/.test(trimmed)) {
    const code = Number(trimmed);
    return isPayeeStatus(code) ? code : null;
  }
  return Object.hasOwn(STATUS_NAMES, trimmed) ? STATUS_NAMES[trimmed]! : null;
}

export type CheckedText = { ok: true; text: string } | { ok: false; code: string; description: string };

/** An operator's name for the history: required, bounded, and never the automatic reviewer's. */
export function checkReviewer(name: string | null | undefined): CheckedText {
  const text = (name ?? '').trim();
  const code = PayeeReviewCode.reviewer;
  if (text === '') return { ok: false, code, description: 'Informe quem toma a decisão.' };
  if (text.length > REVIEWER_LENGTH_MAX) return { ok: false, code, description: `O nome de quem decide deve ter no máximo ${REVIEWER_LENGTH_MAX} caracteres.` };
  if (text.toLowerCase() === AUTO_REVIEWER) return { ok: false, code, description: `"${AUTO_REVIEWER}" é reservado às aprovações automáticas.` };
  return { ok: true, text };
}

/** A rejection's reason: required (the partner receives it in the callback), bounded. */
export function checkRejectionReason(reason: string | null | undefined): CheckedText {
  const text = (reason ?? '').trim();
  const code = PayeeReviewCode.reason;
  if (text === '') return { ok: false, code, description: 'O motivo da reprovação é obrigatório.' };
  if (text.length > REJECTION_REASON_LENGTH_MAX) return { ok: false, code, description: `O motivo da reprovação deve ter no máximo ${REJECTION_REASON_LENGTH_MAX} caracteres.` };
  return { ok: true, text };
}
