// The FEBRABAN CNAB 240 records of the cobrança service (layout 10.x), position by position as
// the manual numbers them. Banks reuse these and differ in a few positions (profiles.ts). Field
// names are English; the manual's names are in the comments.
import { layout } from './record.js';

/** Registro 0: header de arquivo. */
export const FILE_HEADER = layout([
  ['bank', 1, 3, 'num'],
  ['batch', 4, 4, 'num', '0000'],
  ['recordType', 8, 1, 'num', '0'],
  ['reserved1', 9, 9, 'blank'],
  ['companyDocumentType', 18, 1, 'num'], // tipo de inscrição: 1 CPF, 2 CNPJ
  ['companyDocument', 19, 14, 'num'],
  ['agreement', 33, 20, 'alpha'], // convênio
  ['branch', 53, 5, 'num'],
  ['branchDigit', 58, 1, 'alpha'],
  ['account', 59, 12, 'num'],
  ['accountDigit', 71, 1, 'alpha'],
  ['branchAccountDigit', 72, 1, 'alpha'],
  ['companyName', 73, 30, 'alpha'],
  ['bankName', 103, 30, 'alpha'],
  ['reserved2', 133, 10, 'blank'],
  ['direction', 143, 1, 'num'], // 1 remessa, 2 retorno
  ['generatedOn', 144, 8, 'date'],
  ['generatedAt', 152, 6, 'num'], // HHMMSS
  ['fileSequence', 158, 6, 'num'], // NSA
  ['layoutVersion', 164, 3, 'num'],
  ['density', 167, 5, 'num'],
  ['bankUse', 172, 20, 'alpha'],
  ['companyUse', 192, 20, 'alpha'],
  ['reserved3', 212, 29, 'blank'],
]);

/** Registro 1: header de lote (cobrança). */
export const BATCH_HEADER = layout([
  ['bank', 1, 3, 'num'],
  ['batch', 4, 4, 'num'],
  ['recordType', 8, 1, 'num', '1'],
  ['operation', 9, 1, 'alpha'], // R remessa, T retorno
  ['service', 10, 2, 'num', '01'], // cobrança
  ['reserved1', 12, 2, 'blank'],
  ['layoutVersion', 14, 3, 'num'],
  ['reserved2', 17, 1, 'blank'],
  ['companyDocumentType', 18, 1, 'num'],
  ['companyDocument', 19, 15, 'num'],
  ['agreement', 34, 20, 'alpha'],
  ['branch', 54, 5, 'num'],
  ['branchDigit', 59, 1, 'alpha'],
  ['account', 60, 12, 'num'],
  ['accountDigit', 72, 1, 'alpha'],
  ['branchAccountDigit', 73, 1, 'alpha'],
  ['companyName', 74, 30, 'alpha'],
  ['message1', 104, 40, 'alpha'],
  ['message2', 144, 40, 'alpha'],
  ['remittanceNumber', 184, 8, 'num'],
  ['recordedOn', 192, 8, 'date'],
  ['creditedOn', 200, 8, 'date'],
  ['reserved3', 208, 33, 'blank'],
]);

const DETAIL_START = [
  ['bank', 1, 3, 'num'],
  ['batch', 4, 4, 'num'],
  ['recordType', 8, 1, 'num', '3'],
  ['sequence', 9, 5, 'num'], // nº sequencial do registro no lote
] as const;

const ACCOUNT = [
  ['branch', 18, 5, 'num'],
  ['branchDigit', 23, 1, 'alpha'],
  ['account', 24, 12, 'num'],
  ['accountDigit', 36, 1, 'alpha'],
  ['branchAccountDigit', 37, 1, 'alpha'],
] as const;

/** Segmento P: the boleto (remessa). */
export const SEGMENT_P = layout([
  ...DETAIL_START,
  ['segment', 14, 1, 'alpha', 'P'],
  ['reserved1', 15, 1, 'blank'],
  ['movement', 16, 2, 'num'], // 01 entrada, 02 pedido de baixa
  ...ACCOUNT,
  ['nossoNumero', 38, 20, 'alpha'],
  ['wallet', 58, 1, 'num'], // carteira: 1 simples
  ['registrationForm', 59, 1, 'num'], // forma de cadastramento: 1 com registro
  ['documentType', 60, 1, 'alpha'], // 1 tradicional, 2 escritural
  ['issuedBy', 61, 1, 'num'], // emissão do boleto: 2 beneficiário
  ['deliveredBy', 62, 1, 'alpha'], // distribuição: 2 beneficiário
  ['documentNumber', 63, 15, 'alpha'], // seu número
  ['dueDate', 78, 8, 'date'],
  ['amount', 86, 15, 'money'],
  ['collectingBranch', 101, 5, 'num'],
  ['collectingBranchDigit', 106, 1, 'alpha'],
  ['kind', 107, 2, 'num'], // espécie: 02 DM, 99 outros
  ['accepted', 109, 1, 'alpha'], // aceite A/N
  ['issuedOn', 110, 8, 'date'],
  ['interestCode', 118, 1, 'num'], // 1 valor por dia, 2 taxa mensal, 3 isento
  ['interestFrom', 119, 8, 'date'],
  ['interest', 127, 15, 'money'], // % a.m. (code 2) with 2 decimals as the manual writes it
  ['discountCode', 142, 1, 'num'], // 0 sem desconto, 1 valor fixo até a data
  ['discountUntil', 143, 8, 'date'],
  ['discount', 151, 15, 'money'],
  ['iof', 166, 15, 'money'],
  ['rebate', 181, 15, 'money'], // abatimento
  ['companyReference', 196, 25, 'alpha'], // identificação do título na empresa
  ['protestCode', 221, 1, 'num'], // 3 não protestar
  ['protestDays', 222, 2, 'num'],
  ['writeOffCode', 224, 1, 'num'], // 1 baixar/devolver
  ['writeOffDays', 225, 3, 'alpha'],
  ['currency', 228, 2, 'num', '09'],
  ['contract', 230, 10, 'num'],
  ['reserved2', 240, 1, 'blank'],
]);

/** Segmento Q: the payer (remessa). */
export const SEGMENT_Q = layout([
  ...DETAIL_START,
  ['segment', 14, 1, 'alpha', 'Q'],
  ['reserved1', 15, 1, 'blank'],
  ['movement', 16, 2, 'num'],
  ['payerDocumentType', 18, 1, 'num'],
  ['payerDocument', 19, 15, 'num'],
  ['payerName', 34, 40, 'alpha'],
  ['payerAddress', 74, 40, 'alpha'],
  ['payerDistrict', 114, 15, 'alpha'],
  ['payerZip', 129, 5, 'num'],
  ['payerZipSuffix', 134, 3, 'num'],
  ['payerCity', 137, 15, 'alpha'],
  ['payerState', 152, 2, 'alpha'],
  ['guarantorDocumentType', 154, 1, 'num'],
  ['guarantorDocument', 155, 15, 'num'],
  ['guarantorName', 170, 40, 'alpha'],
  ['correspondentBank', 210, 3, 'num'],
  ['correspondentNossoNumero', 213, 20, 'alpha'],
  ['reserved2', 233, 8, 'blank'],
]);

/** Segmento R: fine and further discounts (remessa). */
export const SEGMENT_R = layout([
  ...DETAIL_START,
  ['segment', 14, 1, 'alpha', 'R'],
  ['reserved1', 15, 1, 'blank'],
  ['movement', 16, 2, 'num'],
  ['discount2Code', 18, 1, 'num'],
  ['discount2Until', 19, 8, 'date'],
  ['discount2', 27, 15, 'money'],
  ['discount3Code', 42, 1, 'num'],
  ['discount3Until', 43, 8, 'date'],
  ['discount3', 51, 15, 'money'],
  ['fineCode', 66, 1, 'num'], // 0 isento, 1 valor fixo, 2 percentual
  ['fineFrom', 67, 8, 'date'],
  ['fine', 75, 15, 'money'], // percent with 2 decimals for code 2
  ['payerInfo', 90, 10, 'alpha'],
  ['message3', 100, 40, 'alpha'],
  ['message4', 140, 40, 'alpha'],
  ['reserved2', 180, 20, 'blank'],
  ['payerOccurrence', 200, 8, 'num'],
  ['debitBank', 208, 3, 'num'],
  ['debitBranch', 211, 5, 'num'],
  ['debitBranchDigit', 216, 1, 'alpha'],
  ['debitAccount', 217, 12, 'num'],
  ['debitAccountDigit', 229, 1, 'alpha'],
  ['debitBranchAccountDigit', 230, 1, 'alpha'],
  ['debitNotice', 231, 1, 'num'],
  ['reserved3', 232, 9, 'blank'],
]);

/** Segmento T: what happened to a boleto (retorno). */
export const SEGMENT_T = layout([
  ...DETAIL_START,
  ['segment', 14, 1, 'alpha', 'T'],
  ['reserved1', 15, 1, 'blank'],
  ['movement', 16, 2, 'num'], // código de movimento retorno
  ...ACCOUNT,
  ['nossoNumero', 38, 20, 'alpha'],
  ['wallet', 58, 1, 'num'],
  ['documentNumber', 59, 15, 'alpha'],
  ['dueDate', 74, 8, 'date'],
  ['amount', 82, 15, 'money'],
  ['collectingBank', 97, 3, 'num'],
  ['collectingBranch', 100, 5, 'num'],
  ['collectingBranchDigit', 105, 1, 'alpha'],
  ['companyReference', 106, 25, 'alpha'],
  ['currency', 131, 2, 'num'],
  ['payerDocumentType', 133, 1, 'num'],
  ['payerDocument', 134, 15, 'num'],
  ['payerName', 149, 40, 'alpha'],
  ['contract', 189, 10, 'num'],
  ['fee', 199, 15, 'money'], // tarifa
  ['reasons', 214, 10, 'alpha'], // motivos da ocorrência: up to five codes of 2
  ['reserved2', 224, 17, 'blank'],
]);

/** Segmento U: the amounts of a settlement (retorno). */
export const SEGMENT_U = layout([
  ...DETAIL_START,
  ['segment', 14, 1, 'alpha', 'U'],
  ['reserved1', 15, 1, 'blank'],
  ['movement', 16, 2, 'num'],
  ['charges', 18, 15, 'money'], // juros/multa/encargos
  ['discount', 33, 15, 'money'],
  ['rebate', 48, 15, 'money'],
  ['iof', 63, 15, 'money'],
  ['paid', 78, 15, 'money'], // valor pago pelo pagador
  ['net', 93, 15, 'money'], // valor líquido a ser creditado
  ['otherExpenses', 108, 15, 'money'],
  ['otherCredits', 123, 15, 'money'],
  ['occurredOn', 138, 8, 'date'],
  ['creditedOn', 146, 8, 'date'],
  ['payerOccurrence', 154, 4, 'alpha'],
  ['payerOccurrenceOn', 158, 8, 'date'],
  ['payerOccurrenceAmount', 166, 15, 'money'],
  ['payerOccurrenceText', 181, 30, 'alpha'],
  ['correspondentBank', 211, 3, 'num'],
  ['correspondentNossoNumero', 214, 20, 'alpha'],
  ['reserved2', 234, 7, 'blank'],
]);

/** Registro 5: trailer de lote. */
export const BATCH_TRAILER = layout([
  ['bank', 1, 3, 'num'],
  ['batch', 4, 4, 'num'],
  ['recordType', 8, 1, 'num', '5'],
  ['reserved1', 9, 9, 'blank'],
  ['records', 18, 6, 'num'], // header and trailer included
  ['simpleCount', 24, 6, 'num'],
  ['simpleTotal', 30, 17, 'money'],
  ['boundCount', 47, 6, 'num'],
  ['boundTotal', 53, 17, 'money'],
  ['pledgedCount', 70, 6, 'num'],
  ['pledgedTotal', 76, 17, 'money'],
  ['discountedCount', 93, 6, 'num'],
  ['discountedTotal', 99, 17, 'money'],
  ['notice', 116, 8, 'alpha'],
  ['reserved2', 124, 117, 'blank'],
]);

/** Registro 9: trailer de arquivo. */
export const FILE_TRAILER = layout([
  ['bank', 1, 3, 'num'],
  ['batch', 4, 4, 'num', '9999'],
  ['recordType', 8, 1, 'num', '9'],
  ['reserved1', 9, 9, 'blank'],
  ['batches', 18, 6, 'num'],
  ['records', 24, 6, 'num'],
  ['accounts', 30, 6, 'num'],
  ['reserved2', 36, 205, 'blank'],
]);
