// The registration state of a boleto at the bank: situacaoBoletoRegistro, operacaoBoletoRegistro
// and descricaoBoletoRegistro of ConsultarDetalhes (codes are ours: the interface leaves them out).
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
export const BoletoOperacao = { registration: 1, writeOff: 2, settlement: 3 } as const;

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

const OPERATIONS: Readonly<Record<number, number>> = { 0: 1, 1: 1, 2: 1, 3: 2, 4: 2, 5: 3 };

export interface RegistrationView {
  situacaoBoletoRegistro: number;
  operacaoBoletoRegistro: number;
  descricaoBoletoRegistro: string;
}

export function registrationView(situacao: number): RegistrationView {
  const descricao = DESCRIPTIONS[situacao];
  const operacao = OPERATIONS[situacao];
  if (descricao === undefined || operacao === undefined) throw new Error(`assertion: unknown boleto situacao ${situacao}`);
  return { situacaoBoletoRegistro: situacao, operacaoBoletoRegistro: operacao, descricaoBoletoRegistro: descricao };
}

export function isLive(situacao: number): boolean {
  return LIVE_BOLETO_STATUSES.includes(situacao);
}

/** Names an operator may type for a situacao (`caas boleto list --status`), besides the codes 0–5. */
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
