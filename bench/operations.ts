// The operations `npm run bench` measures. Each names its path, how to build a request body,
// and how many rows it writes (the baseline does the same number of inserts). Modules add theirs.
import { randomInt, randomUUID } from 'node:crypto';
import { cpfCheckDigits } from '../src/platform/documents.js';

function randomCpf(): string {
  const base = String(randomInt(100_000_000, 999_999_999));
  return `${base}${cpfCheckDigits(base)}`;
}

/** The latest SCR month surely published (three months back). */
function scrMonth(): { mes: string; ano: string } {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 3);
  return { mes: String(d.getUTCMonth() + 1), ano: String(d.getUTCFullYear()) };
}

export interface BenchContext {
  /** Base URL of the caas server under test. */
  url: string;
  token: string;
  clientId: string;
  /** Signs a fresh client assertion (for the token endpoint). */
  assertion(): Promise<string>;
  /** Free-form state prepared by `setup` of earlier operations (e.g. a proposal to query). */
  state: Record<string, unknown>;
}

export interface BenchOperation {
  name: string;
  method?: 'POST';
  path: string;
  /** Row writes one request makes (idempotency record included): the baseline does as many. */
  writes: number;
  /** Form-encoded token request instead of JSON. */
  form?: boolean;
  /** Expected status (default 200). */
  status?: number;
  /** How many distinct bodies to prepare (default 200); large for operations that cache by input. */
  pool?: number;
  setup?(ctx: BenchContext): Promise<void>;
  body(ctx: BenchContext): Promise<string> | string;
}

export const OPERATIONS: BenchOperation[] = [
  {
    name: 'token request (connect/token)',
    path: '/connect/token',
    writes: 1,
    form: true,
    body: async (ctx) =>
      new URLSearchParams({ grant_type: 'client_credentials', client_id: ctx.clientId, client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer', client_assertion: await ctx.assertion() }).toString(),
  },
  {
    name: 'authenticated no-op (Proposta/Consultar, unknown id)',
    path: '/Proposta/Consultar',
    writes: 0,
    status: 400,
    body: () => JSON.stringify({ dto: { codigoProposta: randomUUID() } }),
  },
  {
    name: 'Bureau/ConsultarBureau (sandbox, fresh documents)',
    path: '/Bureau/ConsultarBureau',
    writes: 2,
    pool: 20_000,
    body: () => JSON.stringify({ consulta: { documento: randomCpf(), codigoProduto: '1', consultaCompleta: true } }),
  },
  {
    name: 'Bureau/ConsultarSCR (sandbox, fresh documents)',
    path: '/Bureau/ConsultarSCR',
    writes: 2,
    pool: 20_000,
    body: () => {
      const { mes, ano } = scrMonth();
      return JSON.stringify({ consulta: { documento: randomCpf(), dataBaseMes: mes, dataBaseAno: ano, dtAceiteCliente: new Date().toISOString() } });
    },
  },
];

/** A person's proposal: R$ 10,000 at 2% a month over 12 months, first due in 30 days. */
export function proposalBody(): string {
  const firstDue = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return JSON.stringify({ dto: { documentoCliente: randomCpf(), vlrSolicitado: 10000, prazo: 12, percJurosNegociado: 2, dtPrimeiroVencto: firstDue }, parametros: null });
}

OPERATIONS.push(
  {
    name: 'Proposta/IncluirManualSimplificado (12 installments)',
    path: '/Proposta/IncluirManualSimplificado',
    // proposal + 12 installments + history + idempotency record, in one transaction.
    writes: 15,
    body: () => proposalBody(),
  },
  {
    name: 'Proposta/Consultar (by numero)',
    path: '/Proposta/Consultar',
    writes: 0,
    setup: async (ctx) => {
      const response = await fetch(`${ctx.url}/Proposta/IncluirManualSimplificado`, { method: 'POST', headers: { authorization: `Bearer ${ctx.token}`, idempotencykey: randomUUID(), 'content-type': 'application/json' }, body: proposalBody() });
      const created = (await response.json()) as { numero: number };
      ctx.state.numero = created.numero;
    },
    body: (ctx) => JSON.stringify({ dto: { numeroProposta: ctx.state.numero } }),
  },
);
