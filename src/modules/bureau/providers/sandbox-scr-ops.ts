// The sandbox's SCR portfolio: operations drawn per document (loans with their instalments
// spread over the maturity codes, limits, on-lending, co-obligations) plus, for the magic
// document, an operation with instalments in every overdue band and one written off as a loss.
import { fromCents } from '../../../platform/money.js';
import type { PersonType } from './port.js';
import type { Prng } from './prng.js';
import { vencerCodeFor, vencidoCodeFor } from './scr-catalog.js';
import type { ScrOperation } from './scr-translate.js';

const REAL_CURRENCY = '790';
const DAYS_PER_MONTH = 30;

interface LoanKind {
  readonly code: string;
  readonly centsMin: number;
  readonly centsMax: number;
  /** Term in months; 0 for revolving credit, reported whole under `revolvingCode`. */
  readonly termMin: number;
  readonly termMax: number;
  readonly revolvingCode?: string;
}

const PF_LOANS: readonly LoanKind[] = [
  { code: '0203', centsMin: 100_000, centsMax: 3_000_000, termMin: 6, termMax: 48 },
  { code: '0202', centsMin: 200_000, centsMax: 8_000_000, termMin: 12, termMax: 84 },
  { code: '0210', centsMin: 20_000, centsMax: 800_000, termMin: 2, termMax: 12 },
  { code: '0401', centsMin: 1_500_000, centsMax: 12_000_000, termMin: 12, termMax: 60 },
  { code: '0901', centsMin: 10_000_000, centsMax: 60_000_000, termMin: 120, termMax: 360 },
  { code: '0213', centsMin: 10_000, centsMax: 500_000, termMin: 0, termMax: 0, revolvingCode: '110' },
  { code: '0204', centsMin: 10_000, centsMax: 600_000, termMin: 0, termMax: 0, revolvingCode: '110' },
];

const PJ_LOANS: readonly LoanKind[] = [
  { code: '0215', centsMin: 2_000_000, centsMax: 50_000_000, termMin: 3, termMax: 12 },
  { code: '0216', centsMin: 5_000_000, centsMax: 200_000_000, termMin: 13, termMax: 60 },
  { code: '0301', centsMin: 500_000, centsMax: 30_000_000, termMin: 1, termMax: 4 },
  { code: '0402', centsMin: 3_000_000, centsMax: 80_000_000, termMin: 12, termMax: 60 },
  { code: '0214', centsMin: 1_000_000, centsMax: 20_000_000, termMin: 0, termMax: 0, revolvingCode: '199' },
];

const LIMIT_MODALITIES: Readonly<Record<PersonType, readonly string[]>> = { PF: ['1902', '1904'], PJ: ['1903', '1905'] };

/** Days overdue of the magic document's late instalments: one in every overdue band. */
const OVERDUE_DAYS = [10, 25, 45, 75, 100, 130, 160, 200, 270, 330, 400, 600] as const;

type CentsByCode = Map<string, number>;

function add(codes: CentsByCode, code: string, cents: number): void {
  if (cents > 0) codes.set(code, (codes.get(code) ?? 0) + cents);
}

function operation(modalidade: string, codes: CentsByCode): ScrOperation {
  const maturities = [...codes.entries()].map(([code, cents]) => ({ code, amount: fromCents(cents) }));
  return { modalidade, variacaoCambial: REAL_CURRENCY, maturities };
}

/** Instalments of `principal` over `term` months; the first takes the division's remainder. */
function instalments(principalCents: number, term: number): number[] {
  const each = Math.floor(principalCents / term);
  return Array.from({ length: term }, (_, i) => (i === 0 ? principalCents - each * (term - 1) : each));
}

function scheduled(rng: Prng, kind: LoanKind, codes: CentsByCode): void {
  const principal = rng.int(kind.centsMin, kind.centsMax);
  if (kind.revolvingCode) return add(codes, kind.revolvingCode, principal);
  const term = rng.int(kind.termMin, kind.termMax);
  const offset = rng.int(0, DAYS_PER_MONTH - 1);
  instalments(principal, term).forEach((cents, i) => add(codes, vencerCodeFor((i + 1) * DAYS_PER_MONTH - offset), cents));
}

function loan(rng: Prng, kind: LoanKind, undisbursedPercent: number): ScrOperation {
  const codes: CentsByCode = new Map();
  scheduled(rng, kind, codes);
  if (rng.chance(undisbursedPercent)) add(codes, rng.chance(70) ? '60' : '80', rng.int(kind.centsMin, kind.centsMax));
  return operation(kind.code, codes);
}

function overdueLoan(rng: Prng, kind: LoanKind): ScrOperation {
  const codes: CentsByCode = new Map();
  const each = rng.int(kind.centsMin, kind.centsMax);
  for (const days of OVERDUE_DAYS) add(codes, vencidoCodeFor(days), each);
  for (let month = 1; month <= 6; month++) add(codes, vencerCodeFor(month * DAYS_PER_MONTH), each);
  return operation(kind.code, codes);
}

function writtenOff(rng: Prng, kind: LoanKind): ScrOperation {
  const codes: CentsByCode = new Map();
  add(codes, '310', rng.int(kind.centsMin, kind.centsMax));
  add(codes, rng.chance(50) ? '320' : '330', rng.int(kind.centsMin, kind.centsMax));
  return operation(kind.code, codes);
}

export interface Portfolio {
  readonly operations: readonly ScrOperation[];
  /** Operations under judicial dispute (the written-off one, for the magic document). */
  readonly subJudice: readonly ScrOperation[];
}

export function drawPortfolio(rng: Prng, personType: PersonType, withOverdue: boolean): Portfolio {
  const pool = personType === 'PF' ? PF_LOANS : PJ_LOANS;
  const ops: ScrOperation[] = Array.from({ length: rng.int(1, 4) }, () => loan(rng, rng.pick(pool), 20));
  for (const code of LIMIT_MODALITIES[personType]) {
    if (rng.chance(60)) ops.push(operation(code, new Map([[rng.chance(75) ? '20' : '40', rng.int(50_000, 5_000_000)]])));
  }
  if (personType === 'PJ' && rng.chance(30)) ops.push(loan(rng, { ...PJ_LOANS[1]!, code: '1401' }, 0));
  if (personType === 'PJ' && rng.chance(30)) ops.push(loan(rng, { ...PJ_LOANS[0]!, code: '1513' }, 0));
  if (!withOverdue) return { operations: ops, subJudice: [] };
  const lossOp = writtenOff(rng, pool[0]!);
  return { operations: [...ops, overdueLoan(rng, pool[0]!), lossOp], subJudice: [lossOp] };
}
