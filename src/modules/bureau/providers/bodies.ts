// Bodies for answers that carry no data: no record found, and provider failures (`falha: true`
// or, for the SCR, `erro: true`), so every answer keeps every field of the interface.
import { EMPTY_COMPANY_ARRAYS, EMPTY_PERSON_ARRAYS, type BureauBody } from './bureau-types.js';
import type { FraudBody } from './fraud-types.js';
import type { ProviderFailure, ScrRequest } from './port.js';
import type { ScrBody } from './scr-types.js';

export function emptyBureauBody(falha: boolean): BureauBody {
  return { possuiRestricao: false, falha, bureauMixMaisPF: null, bureaupj: null, ...EMPTY_PERSON_ARRAYS, ...EMPTY_COMPANY_ARRAYS };
}

export function bureauFailureBody(): BureauBody {
  return emptyBureauBody(true);
}

export function scrFailureBody(failure: ProviderFailure, req: Pick<ScrRequest, 'referenceYear' | 'referenceMonth'>): ScrBody {
  const mm = String(req.referenceMonth).padStart(2, '0');
  return {
    erro: true,
    mensagemOperador: failure.mensagem,
    periodo: `${mm}/${req.referenceYear}`,
    resumoDoCliente: null,
    resumoDoClienteTraduzido: null,
    resumoModalidade: [],
  };
}

/** `json` stays a JSON text (an empty object) so clients that parse it unconditionally work. */
export function fraudFailureBody(): FraudBody {
  return { falha: true, json: '{}' };
}
