// The built-in sandbox provider: deterministic answers derived from the document (same document,
// same request and same "now" → deep-equal answer), with magic documents for the interesting
// outcomes (magic.ts). Dates are relative to the injected clock.
import type { Clock } from '../../../platform/clock.js';
import { isValidCnpj, isValidCpf } from '../../../platform/documents.js';
import { emptyBureauBody } from './bodies.js';
import {
  EMPTY_COMPANY_ARRAYS, EMPTY_PERSON_ARRAYS, type BureauBody, type CompanyArrays, type CompanyResult, type PersonArrays, type PersonResult,
} from './bureau-types.js';
import { cnpjWithCheckDigits } from './documents.js';
import { magicBehaviourOf } from './magic.js';
import {
  providerFailure, type BureauOutcome, type BureauProvider, type BureauRequest, type FraudOutcome, type FraudRequest,
  type PersonType, type ProviderFailure, type ScrOutcome, type ScrRequest,
} from './port.js';
import { productByCode, productServes, sectionsFor } from './products.js';
import { fraudReport } from './sandbox-fraud.js';
import { companyBureau } from './sandbox-pj.js';
import { personBureau } from './sandbox-pf.js';
import { scrNoRecord, scrReport } from './sandbox-scr.js';

/** The requester CNPJ the sandbox reports when none is configured (an invented, valid CNPJ). */
export const SANDBOX_REQUESTER_CNPJ = cnpjWithCheckDigits('999999990001');

export interface SandboxOptions {
  readonly clock: Clock;
  readonly requesterCnpj?: string;
}

function assertDocumentFits(document: string, personType: PersonType): void {
  const fits = personType === 'PF' ? isValidCpf(document) : isValidCnpj(document);
  if (!fits) throw new Error(`assertion: the request's document is not a valid bare ${personType === 'PF' ? 'CPF' : 'CNPJ'}`);
}

function sandboxFailure(): { readonly status: 'failure'; readonly failure: ProviderFailure } {
  return { status: 'failure', failure: providerFailure('unavailable', 0, 'sandbox: documento de falha simulada') };
}

function personArrays(r: PersonResult): PersonArrays {
  const { bureauMixMaisPFTelefone, bureauMixMaisPFConsultaDetalhe, bureauMixMaisPFEndereco, bureauMixMaisPFConsultaRealizada } = r;
  return { bureauMixMaisPFTelefone, bureauMixMaisPFConsultaDetalhe, bureauMixMaisPFEndereco, bureauMixMaisPFConsultaRealizada };
}

function companyArrays(r: CompanyResult): CompanyArrays {
  const { bureaupjTelefone, bureaupjConsultaDetalhe, bureaupjEndereco, bureaupjConsultaRealizada } = r;
  return { bureaupjTelefone, bureaupjConsultaDetalhe, bureaupjEndereco, bureaupjConsultaRealizada };
}

export class SandboxBureauProvider implements BureauProvider {
  readonly name = 'sandbox';
  private readonly clock: Clock;
  private readonly requesterCnpj: string;

  constructor(options: SandboxOptions) {
    this.clock = options.clock;
    this.requesterCnpj = options.requesterCnpj ?? SANDBOX_REQUESTER_CNPJ;
  }

  async consultBureau(req: BureauRequest): Promise<BureauOutcome> {
    assertDocumentFits(req.document, req.personType);
    const product = productByCode(req.productCode);
    if (!productServes(product, req.personType)) throw new Error(`assertion: product ${product.code} does not serve ${req.personType}`);
    const behaviour = magicBehaviourOf(req.document);
    if (behaviour === 'failure') return sandboxFailure();
    if (behaviour === 'no_record') return { status: 'no_record', body: emptyBureauBody(false) };
    const sections = sectionsFor(product, req.consultaCompleta);
    const now = this.clock.now();
    let body: BureauBody;
    if (req.personType === 'PF') {
      const { result, possuiRestricao } = personBureau(req.document, now, behaviour, sections);
      body = { possuiRestricao, falha: false, bureauMixMaisPF: result, bureaupj: null, ...personArrays(result), ...EMPTY_COMPANY_ARRAYS };
    } else {
      const { result, possuiRestricao } = companyBureau(req.document, now, behaviour, sections);
      body = { possuiRestricao, falha: false, bureauMixMaisPF: null, bureaupj: result, ...EMPTY_PERSON_ARRAYS, ...companyArrays(result) };
    }
    return { status: 'found', body };
  }

  async consultScr(req: ScrRequest): Promise<ScrOutcome> {
    assertDocumentFits(req.document, req.personType);
    const behaviour = magicBehaviourOf(req.document);
    if (behaviour === 'failure') return sandboxFailure();
    const settings = { requesterCnpj: this.requesterCnpj };
    if (behaviour === 'no_record') return { status: 'no_record', body: scrNoRecord(req, this.clock.now(), settings) };
    return { status: 'found', body: scrReport(req, this.clock.now(), behaviour, settings) };
  }

  async consultFraud(req: FraudRequest): Promise<FraudOutcome> {
    assertDocumentFits(req.document, req.personType);
    const behaviour = magicBehaviourOf(req.document);
    if (behaviour === 'failure') return sandboxFailure();
    const body = fraudReport(req, this.clock.now(), behaviour);
    return { status: behaviour === 'no_record' ? 'no_record' : 'found', body };
  }
}
