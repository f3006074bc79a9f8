// The internal bank codes (`codigoBanco`) of the interface, whose table it does not show, and the
// account-number formats every Brazilian bank account shares (used by proposals and payees).
// Their limits are in limits.ts.
// The internal code of a bank IS its COMPE number read as an integer (Itaú 341 → 341): a client
// that does not know our table and sends the COMPE number works unchanged, and the two numbers
// can never disagree by a typo in a second numbering.
// COMPE numbers and ISPBs: Banco Central do Brasil, "Relação de participantes do STR"
// (https://www.bcb.gov.br/pom/spb/estatistica/port/ParticipantesSTRport.csv), see docs/validation.md.
import { ACCOUNT_DIGITS_MAX, AGENCY_DIGITS_MAX } from './limits.js';

export interface Bank {
  /** Internal code, the `codigoBanco` of the interface. */
  code: number;
  /** COMPE number, 3 digits, the `numeroBanco` of the interface. */
  number: string;
  /** 8-digit ISPB, the `numeroParticipanteSpi` of a payee. */
  ispb: string;
  /** The bank's name (`nomeBanco` of event 0). */
  name: string;
}

function bank(number: string, ispb: string, name: string): Bank {
  return { code: Number(number), number, ispb, name };
}

export const BANKS: readonly Bank[] = Object.freeze([
  bank('001', '00000000', 'Banco do Brasil S.A.'),
  bank('004', '07237373', 'Banco do Nordeste do Brasil S.A.'),
  bank('021', '28127603', 'Banestes S.A. Banco do Estado do Espírito Santo'),
  bank('033', '90400888', 'Banco Santander (Brasil) S.A.'),
  bank('041', '92702067', 'Banco do Estado do Rio Grande do Sul S.A. (Banrisul)'),
  bank('070', '00000208', 'BRB - Banco de Brasília S.A.'),
  bank('077', '00416968', 'Banco Inter S.A.'),
  bank('104', '00360305', 'Caixa Econômica Federal'),
  bank('121', '10664513', 'Banco Agibank S.A.'),
  bank('197', '16501555', 'Stone Instituição de Pagamento S.A.'),
  bank('208', '30306294', 'Banco BTG Pactual S.A.'),
  bank('212', '92894922', 'Banco Original S.A.'),
  bank('237', '60746948', 'Banco Bradesco S.A.'),
  bank('260', '18236120', 'Nu Pagamentos S.A. - Instituição de Pagamento (Nubank)'),
  bank('290', '08561701', 'PagSeguro Internet Instituição de Pagamento S.A. (PagBank)'),
  bank('318', '61186680', 'Banco BMG S.A.'),
  bank('323', '10573521', 'Mercado Pago Instituição de Pagamento Ltda.'),
  bank('336', '31872495', 'Banco C6 S.A.'),
  bank('341', '60701190', 'Itaú Unibanco S.A.'),
  bank('380', '22896431', 'PicPay Instituição de Pagamento S.A.'),
  bank('389', '17184037', 'Banco Mercantil do Brasil S.A.'),
  bank('422', '58160789', 'Banco Safra S.A.'),
  bank('623', '59285411', 'Banco Pan S.A.'),
  bank('655', '59588111', 'Banco Votorantim S.A.'),
  bank('748', '01181521', 'Banco Cooperativo Sicredi S.A.'),
  bank('756', '02038232', 'Banco Cooperativo Sicoob S.A.'),
].map((b) => Object.freeze(b)));

const BY_CODE = new Map(BANKS.map((b) => [b.code, b]));
const BY_NUMBER = new Map(BANKS.map((b) => [b.number, b]));

export function bankByCode(code: number): Bank | null {
  return BY_CODE.get(code) ?? null;
}

export function bankByNumber(number: string): Bank | null {
  return BY_NUMBER.get(number) ?? null;
}

/** Account type (`tipoConta`), from the interface's payee table; the proposal account uses the same codes. */
export const ACCOUNT_TYPES: Readonly<Record<number, string>> = { 1: 'Corrente', 2: 'Poupança', 3: 'Pagamento', 4: 'Salário' };

/** Account model (`contaDto.modeloConta`), from the interface's payee table. */
export const ACCOUNT_MODELS: Readonly<Record<number, string>> = { 1: 'Movimento', 2: 'Escrow', 3: 'Pagamento', 4: 'Salário' };

/** Text formats, each with what a valid value looks like (for the Portuguese message). */
export const BANK_FORMATS = {
  compe: { pattern: /^\d{3}$/, expected: 'informe o número do banco com 3 dígitos (COMPE), por exemplo 341', lengthMax: 3 },
  ispb: { pattern: /^\d{8}$/, expected: 'informe o ISPB com 8 dígitos', lengthMax: 8 },
  agency: { pattern: /^\d{1,4}$/, expected: `informe de 1 a ${AGENCY_DIGITS_MAX} dígitos, sem pontuação`, lengthMax: AGENCY_DIGITS_MAX },
  account: { pattern: /^\d{1,20}$/, expected: `informe de 1 a ${ACCOUNT_DIGITS_MAX} dígitos, sem o dígito verificador e sem pontuação`, lengthMax: ACCOUNT_DIGITS_MAX },
  // Banco do Brasil (and a few others) write a check digit of value 10 as 'X'.
  checkDigit: { pattern: /^[0-9X]$/, expected: 'informe um único dígito (0 a 9 ou X)', lengthMax: 1 },
  // Account number followed by its check digit, as in `contaPagamento` / `contaPgto`.
  accountWithDigit: { pattern: /^\d{1,20}[0-9X]$/, expected: 'informe o número da conta seguido do dígito verificador, sem pontuação', lengthMax: ACCOUNT_DIGITS_MAX + 1 },
} as const;
