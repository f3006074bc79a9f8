// The registration state of a boleto at the bank (codes are ours: the interface leaves them out).
// ConsultarDetalhes answers it as situacaoBoletoRegistro, operacaoBoletoRegistro and
// descricaoBoletoRegistro (collection-views.ts registrationView).
//
//   0 pending ──register──► 1 registered ──cancel requested──► 3 cancel pending ──job──► 4 cancelled
//       │                        │                                                       ▲
//       └──── attempts exhausted ─► 2 failed                  (direct cancellation) ─────┘
//                               1 ──paid──► 5 paid
export const BoletoStatus = {
  pending: 0,
  registered: 1,
  failed: 2,
  cancelPending: 3,
  cancelled: 4,
  paid: 5,
} as const;
export type BoletoStatus = (typeof BoletoStatus)[keyof typeof BoletoStatus];

/** The last operation sent to (or reported by) the bank. */
export const BankOperation = { registration: 1, writeOff: 2, settlement: 3 } as const;
export type BankOperation = (typeof BankOperation)[keyof typeof BankOperation];

/** Statuses in which a boleto can still be paid: it blocks another boleto on its installments. */
export const LIVE_BOLETO_STATUSES: readonly number[] = [BoletoStatus.pending, BoletoStatus.registered, BoletoStatus.cancelPending];

const DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: 'Aguardando registro',
  1: 'Registrado',
  2: 'Falha no registro',
  3: 'Baixa solicitada',
  4: 'Baixado (cancelado)',
  5: 'Liquidado',
};

const OPERATIONS: Readonly<Record<number, BankOperation>> = { 0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3 };

/** A boleto's registration state: its status, the bank operation it stands at, the status's text. */
export interface RegistrationState {
  status: number;
  operation: BankOperation;
  description: string;
}

export function registrationStateOf(status: number): RegistrationState {
  const description = DESCRIPTIONS[status];
  const operation = OPERATIONS[status];
  if (description === undefined || operation === undefined) throw new Error(`assertion: unknown boleto status ${status}`);
  return { status, operation, description };
}

/** The status's text (descricaoBoletoRegistro). */
export function boletoStatusText(status: number): string {
  return registrationStateOf(status).description;
}

export function isLive(status: number): boolean {
  return LIVE_BOLETO_STATUSES.includes(status);
}

/** Names an operator may type for a status (`caas boleto list --status`), besides the codes 0–5. */
const NAMES: Readonly<Record<string, BoletoStatus>> = {
  pendente: 0,
  aguardando: 0,
  registrado: 1,
  falha: 2,
  'baixa-solicitada': 3,
  baixado: 4,
  cancelado: 4,
  liquidado: 5,
  pago: 5,
};

export const BOLETO_STATUS_NAMES = Object.keys(NAMES);

export function parseBoletoStatus(text: string): BoletoStatus | null {
  const t = text.trim().toLowerCase();
  if (/^[0-5]$/.test(t)) return Number(t) as BoletoStatus;
  return NAMES[t] ?? null;
}
