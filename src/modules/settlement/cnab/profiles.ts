// Where the CNAB 240 layouts of Banco do Brasil (001), Itaú (341) and Bradesco (237) differ from
// FEBRABAN's, as data: layout versions, the convênio field of the headers, how the 20 positions of
// the nosso número are filled, the return movement codes and the rejection reason texts.
import { bradescoNossoNumeroDigit, itauNossoNumeroDigit, type BoletoIssuerConfig } from '../../receivables/index.js';

export type ReturnKind = 'registered' | 'rejected' | 'settled' | 'writtenOff' | 'informational';

/** What the profile needs of the issuer configuration: receivables' own, less the bank. */
export type CnabIssuer = Omit<BoletoIssuerConfig, 'bankCode'>;

export interface BankProfile {
  code: string;
  name: string;
  fileLayoutVersion: string;
  batchLayoutVersion: string;
  density: string;
  /** Positions 33-52 of the file header and 34-53 of the batch header. */
  agreementField(issuer: CnabIssuer): string;
  /** Positions 38-57 of segments P and T for nosso número sequence `sequence`. */
  nossoNumeroField(sequence: bigint, issuer: CnabIssuer): string;
  /** The sequence back from positions 38-57; null when they are not this bank's shape. */
  sequenceOf(field: string): bigint | null;
  /** Carteira code of segment P position 58. */
  walletCode: string;
  movements: Readonly<Record<string, ReturnKind>>;
  reasons: Readonly<Record<string, string>>;
}

/** FEBRABAN table C047 (motivos de rejeição), the entries a lender meets in practice. */
const FEBRABAN_REASONS: Readonly<Record<string, string>> = {
  '01': 'Código do banco inválido',
  '02': 'Código do registro detalhe inválido',
  '03': 'Código do segmento inválido',
  '04': 'Código de movimento não permitido para carteira',
  '05': 'Código de movimento inválido',
  '06': 'Tipo/número de inscrição do beneficiário inválidos',
  '07': 'Agência/conta/DV inválido',
  '08': 'Nosso número inválido',
  '09': 'Nosso número duplicado',
  '10': 'Carteira inválida',
  '16': 'Data de vencimento inválida',
  '17': 'Data de vencimento anterior à data de emissão',
  '20': 'Valor do título inválido',
  '21': 'Espécie do título inválida',
  '24': 'Data da emissão inválida',
  '27': 'Valor/taxa de juros de mora inválido',
  '30': 'Desconto a conceder não confere',
  '45': 'Nome do pagador não informado',
  '46': 'Tipo/número de inscrição do pagador inválidos',
  '47': 'Endereço do pagador não informado',
  '48': 'CEP inválido',
  '52': 'Unidade da federação inválida',
  '57': 'Código da multa inválido',
  '58': 'Data da multa inválida',
  '59': 'Valor/percentual da multa inválido',
};

const FEBRABAN_MOVEMENTS: Readonly<Record<string, ReturnKind>> = {
  '02': 'registered',
  '03': 'rejected',
  '06': 'settled',
  '09': 'writtenOff',
  '17': 'settled', // liquidação após baixa: money arrived, recorded as unmatched if the boleto was written off
};

const digits = (value: string | undefined, length: number) => (value ?? '').padStart(length, '0');

function sequenceFrom(match: RegExpExecArray | null): bigint | null {
  return match === null ? null : BigInt(match[1]!);
}

const BANCO_DO_BRASIL: BankProfile = {
  code: '001',
  name: 'BANCO DO BRASIL S.A.',
  fileLayoutVersion: '083',
  batchLayoutVersion: '042',
  density: '00000',
  // convênio (9) + cobrança "0014" + carteira (2) + variação (3) + 2 blanks
  agreementField: (issuer) => `${digits(issuer.agreement, 9)}0014${digits(issuer.wallet, 2)}019  `,
  // convênio of 7 digits: nosso número of 17 (convênio + sequence of 10), left-aligned
  nossoNumeroField: (sequence, issuer) => `${digits(issuer.agreement, 7)}${digits(sequence.toString(), 10)}`.padEnd(20, ' '),
  sequenceOf: (field) => sequenceFrom(/^\d{7}(\d{10}) {3}$/.exec(field)),
  walletCode: '7', // carteira 17 is registered "simples" for BB: code 7 in the 240 layout
  movements: FEBRABAN_MOVEMENTS,
  reasons: FEBRABAN_REASONS,
};

const ITAU: BankProfile = {
  code: '341',
  name: 'BANCO ITAU SA',
  fileLayoutVersion: '040',
  batchLayoutVersion: '030',
  density: '00000',
  agreementField: () => ' '.repeat(20), // Itaú identifies the beneficiary by agência/conta only
  // carteira (3) + nosso número (8) + DAC (1) + 8 blanks; the DAC of the boleto (check-digits.ts)
  nossoNumeroField: (sequence, issuer) => {
    const wallet = digits(issuer.wallet, 3);
    const number = digits(sequence.toString(), 8);
    const dac = itauNossoNumeroDigit(digits(issuer.branch, 4), digits(issuer.account, 5), wallet, number);
    return `${wallet}${number}${dac}        `;
  },
  sequenceOf: (field) => sequenceFrom(/^\d{3}(\d{8})\d {8}$/.exec(field)),
  walletCode: '1',
  movements: { ...FEBRABAN_MOVEMENTS, '08': 'settled', '10': 'informational', '17': 'informational' },
  reasons: {
    '03': 'CEP inválido ou sem agência cobradora',
    '04': 'Sigla do estado inválida',
    '05': 'Data de vencimento inválida ou prazo menor que o permitido',
    '08': 'Nome do pagador não informado ou deslocado',
    '09': 'Agência/conta encerrada',
    '10': 'Nosso número inválido',
    '11': 'CEP não numérico',
    '13': 'Valor do título inválido',
    '14': 'Registro em duplicidade',
    '18': 'CPF/CNPJ do pagador inválido',
  },
};

const BRADESCO: BankProfile = {
  code: '237',
  name: 'BRADESCO',
  fileLayoutVersion: '084',
  batchLayoutVersion: '042',
  density: '06250',
  agreementField: (issuer) => digits(issuer.agreement ?? issuer.account, 20),
  // carteira (3) + 5 zeros + nosso número (11) + DV (P or a digit)
  nossoNumeroField: (sequence, issuer) => {
    const number = digits(sequence.toString(), 11);
    return `${digits(issuer.wallet, 3)}00000${number}${bradescoNossoNumeroDigit(`${digits(issuer.wallet, 2)}${number}`)}`;
  },
  sequenceOf: (field) => sequenceFrom(/^\d{3}00000(\d{11})[\dP]$/.exec(field)),
  walletCode: '1',
  movements: { ...FEBRABAN_MOVEMENTS, '10': 'writtenOff' },
  reasons: { ...FEBRABAN_REASONS, '63': 'Entrada para título já cadastrado' },
};

export const BANK_PROFILES: Readonly<Record<string, BankProfile>> = { '001': BANCO_DO_BRASIL, '341': ITAU, '237': BRADESCO };

export function bankProfile(code: string): BankProfile {
  const profile = BANK_PROFILES[code];
  if (profile === undefined) throw new Error(`no CNAB 240 profile for bank ${code} (known: ${Object.keys(BANK_PROFILES).join(', ')})`);
  return profile;
}
