// Where the boleto- and charge-generating requests put each field the commands check: the wire
// paths their refusals name (issue 13: the commands know the English fields, the routes bind these).
import { wirePaths } from '../../../platform/wire-names.js';
import type { MultiplePaths, SinglePaths } from './collection-orders.js';
import type { DescriptionPaths } from './issued-collections.js';

const TERMS = { discount: 'vlrDesconto', dueDate: 'dtVencimento', expiresOn: 'dtExpiracao' } as const;

function single(body: string, amount: string): SinglePaths {
  return { installmentNumbers: 'dto.nroParcelas', ...wirePaths({ ...TERMS, amount }, body) };
}

function multiple(body: string): MultiplePaths {
  return { installments: `${body}.parcelas`, item: { installmentNumber: 'nroParcela', ...TERMS } };
}

function description(body: string, label: string): DescriptionPaths {
  return { description: `${body}.${label}`, label };
}

export const SINGLE_BOLETO_PATHS = { description: description('dtoGerarUnicoBoleto', 'descricaoBoleto'), single: single('dtoGerarUnicoBoleto', 'vlrBoleto') };

export const MULTIPLE_BOLETOS_PATHS = { description: description('dtoGerarMultiplosBoletos', 'descricaoBoleto'), multiple: multiple('dtoGerarMultiplosBoletos') };

export const SINGLE_CHARGE_PATHS = {
  description: description('dtoGerarUnicaLiquidacao', 'descricaoLiquidacao'),
  paymentMethods: 'dtoGerarUnicaLiquidacao.pagamentoViaBoleto',
  single: single('dtoGerarUnicaLiquidacao', 'vlrLiquidacao'),
};

export const MULTIPLE_CHARGES_PATHS = {
  description: description('dtoGerarMultiplasLiquidacoes', 'descricaoLiquidacao'),
  paymentMethods: 'dtoGerarMultiplasLiquidacoes.pagamentoViaBoleto',
  multiple: multiple('dtoGerarMultiplasLiquidacoes'),
};
