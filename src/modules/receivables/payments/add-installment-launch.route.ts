// IncluirLancamentoParcela = IncluirLancamentoMultiplasParcelas with one item: the body is
// translated to a list of one and refusals name the fields of this body.
import type { Static } from 'typebox';
import { defineRoute } from '../../../platform/http/route.js';
import { addInstallmentLaunches, type LaunchPaths } from './add-installment-launches.js';
import { spec } from './add-installment-launch.schema.js';
import type { ReceivablesDeps } from '../receivables-deps.js';

type Input = Static<typeof spec.body>;

const SINGLE_PATHS: LaunchPaths = { list: 'dtoLancamentoParcela', item: () => 'dtoLancamentoParcela', nroParcela: () => 'dto.nroParcela' };

function asMultiple(input: Input) {
  const { nroParcela, ...ref } = input.dto;
  const { parametros: _ignored, ...launch } = input.dtoLancamentoParcela;
  return { dto: ref, dtoLancamentoParcelas: [{ ...launch, nroParcela }], parametros: input.parametros };
}

export const route = (deps: ReceivablesDeps) => defineRoute(spec, (input, ctx) => addInstallmentLaunches(asMultiple(input), ctx, deps, SINGLE_PATHS));
