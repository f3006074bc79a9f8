// Shared by the bureau HTTP tests: a service whose bureau routes use a provider that counts its
// calls (around the sandbox, on the service's frozen clock), the magic documents, and helpers.
import type { Clock } from '../../src/platform/clock.js';
import { bureauRoutes } from '../../src/modules/bureau/routes.js';
import { parseBureauEnv } from '../../src/modules/bureau/settings.js';
import type { BureauProvider, BureauRequest, FraudRequest, ScrRequest } from '../../src/modules/bureau/providers/port.js';
import { SandboxBureauProvider } from '../../src/modules/bureau/providers/sandbox.js';
import { startTestService, type TestPartner, type TestService } from '../support/app.js';

export const BUREAU = '/Bureau/ConsultarBureau';
export const SCR = '/Bureau/ConsultarSCR';
export const FRAUD = '/Bureau/ConsultaFraudeBureauBase';

/** Ordinary documents (valid, not magic). */
export const CPF = '52998224725';
export const CPF_MASKED = '529.982.247-25';
export const CPF_2 = '39053344705';
export const CNPJ = '11222333000181';
export const CNPJ_ALPHA = '12ABC34501DE35';
export const CNPJ_ALPHA_MASKED = '12.abc.345/01de-35';

/** docs/sandbox.md, "Magic documents". */
export const MAGIC = {
  restriction: { cpf: '00000000191', cnpj: '00000001000136' },
  failure: { cpf: '00000000272', cnpj: '00000002000180' },
  noRecord: { cpf: '00000000353', cnpj: '00000003000125' },
  fraudHigh: { cpf: '00000000434', cnpj: '00000004000170' },
  scrOverdue: { cpf: '00000000515', cnpj: '00000005000114' },
} as const;

/** Counts the calls that reach the provider (each one would be billed). */
export class CountingProvider implements BureauProvider {
  readonly name: string;
  readonly calls = { bureau: 0, scr: 0, fraud: 0 };

  constructor(private readonly inner: BureauProvider) {
    this.name = inner.name;
  }

  get total(): number {
    return this.calls.bureau + this.calls.scr + this.calls.fraud;
  }

  consultBureau(req: BureauRequest) {
    this.calls.bureau += 1;
    return this.inner.consultBureau(req);
  }

  consultScr(req: ScrRequest) {
    this.calls.scr += 1;
    return this.inner.consultScr(req);
  }

  consultFraud(req: FraudRequest) {
    this.calls.fraud += 1;
    return this.inner.consultFraud(req);
  }
}

export interface Answer {
  status: number;
  text: string;
  body: Record<string, unknown> & { msg: string | null; hasError: boolean; messages: { code: string; field: string | null; description: string; messageType: number }[] };
}

export interface BureauTestService {
  service: TestService;
  provider: CountingProvider;
  partnerA: TestPartner;
  tokenA: string;
  tokenB: string;
  partnerB: TestPartner;
  post(path: string, consulta: unknown, token?: string): Promise<Answer>;
  /** Tokens live one hour: call after moving the clock further. */
  refreshTokens(): Promise<void>;
  close(): Promise<void>;
}

export async function startBureauService(env: Record<string, string> = {}): Promise<BureauTestService> {
  let started: TestService | null = null;
  const clock: Clock = { now: () => (started as TestService).clock.now() };
  const provider = new CountingProvider(new SandboxBureauProvider({ clock }));
  const problems: string[] = [];
  const settings = parseBureauEnv(env, problems);
  if (problems.length > 0) throw new Error(`bureau test settings: ${problems.join('; ')}`);
  const service = await startTestService(env, bureauRoutes({ provider, settings }));
  started = service;
  const partnerA = await service.onboard();
  const partnerB = await service.onboard();
  const t: BureauTestService = {
    service,
    provider,
    partnerA,
    partnerB,
    tokenA: await service.token(partnerA),
    tokenB: await service.token(partnerB),
    async post(path, consulta, token = t.tokenA) {
      const response = await service.call(path, { consulta }, { token });
      return { status: response.statusCode, text: response.body, body: JSON.parse(response.body) };
    },
    async refreshTokens() {
      t.tokenA = await service.token(partnerA);
      t.tokenB = await service.token(partnerB);
    },
    close: () => service.close(),
  };
  return t;
}

/** A 400 whose messages are exactly these [field, code] pairs. */
export function codes(answer: Answer): [string | null, string][] {
  return answer.body.messages.map((m) => [m.field, m.code]);
}
