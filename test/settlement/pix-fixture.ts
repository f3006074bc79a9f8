// Shared pieces of the Pix provider tests: the service's environment pointing at the fake
// provider, the world they start (startPixWorld), a Pix-only charge through GerarUnicaCobranca,
// and the txid and BR Code it registered.
import fs from 'node:fs';
import { ok, type World } from '../http/receivables-fixture.js';
import { startTestService } from '../support/app.js';
import { makeCerts, startFakePixProvider, type FakeCerts, type FakePixProvider } from '../support/fake-pix-provider.js';

export const WEBHOOK_SECRET = 'w'.repeat(40);

export function pixEnv(provider: FakePixProvider, certs: FakeCerts): Record<string, string> {
  return { CAAS_PIX_PSP_URL: provider.url, CAAS_PIX_PSP_TOKEN_URL: provider.tokenUrl, CAAS_PIX_PSP_CLIENT_ID: provider.clientId, CAAS_PIX_PSP_CLIENT_SECRET: provider.clientSecret, CAAS_PIX_PSP_CERT: certs.clientCert, CAAS_PIX_PSP_KEY: certs.clientKey, CAAS_PIX_PSP_CA: certs.ca, CAAS_PIX_KEY: '11222333000181', CAAS_PIX_WEBHOOK_SECRET: WEBHOOK_SECRET };
}

export interface PixWorld {
  certs: FakeCerts;
  provider: FakePixProvider;
  world: World;
  /** Stops the service and the provider, and removes the certificates. */
  close(): Promise<void>;
}

/**
 * The fake provider (its own certificates) and a service pointed at it (`env` added to pixEnv), the
 * clock at 2024-01-15 15:00 UTC, one onboarded partner with its token.
 */
export async function startPixWorld(env: Record<string, string> = {}): Promise<PixWorld> {
  const certs = makeCerts();
  const provider = await startFakePixProvider(certs);
  const stopProvider = async () => {
    await provider.close();
    fs.rmSync(certs.dir, { recursive: true, force: true });
  };
  try {
    const service = await startTestService({ ...pixEnv(provider, certs), ...env });
    try {
      service.clock.set('2024-01-15T15:00:00Z');
      const partner = await service.onboard();
      const world: World = { service, partner, token: await service.token(partner) };
      return { certs, provider, world, close: async () => { await service.close(); await stopProvider(); } };
    } catch (error) {
      await service.close();
      throw error;
    }
  } catch (error) {
    await stopProvider();
    throw error;
  }
}

/** The provider's notifications go to the service's webhook (through fastify.inject). */
export function deliverWebhooksTo(provider: FakePixProvider, world: World): void {
  provider.webhook = async (body) => (await world.service.app.inject({ method: 'POST', url: `/webhooks/pix/${WEBHOOK_SECRET}/pix`, payload: body as object })).statusCode;
}

/** The charge's txid and BR Code, as GerarUnicaCobranca registered it at the provider. */
export async function registeredAt(world: World, chargeId: string): Promise<{ txid: string; emv: string }> {
  const row = await world.service.database.db.selectFrom('receivable_charges').select(['pix_txid', 'pix_emv']).where('id', '=', chargeId).executeTakeFirstOrThrow();
  return { txid: row.pix_txid!, emv: row.pix_emv! };
}

/** A Pix-only charge of one installment; its codigoLiquidacao. */
export async function pixChargeOf(world: World, proposalId: string, parcela: number, due: string): Promise<string> {
  const body = await ok(world, '/AgendaRecebivel/GerarUnicaCobranca', { dto: { codigoProposta: proposalId, nroParcelas: [parcela] }, dtoGerarUnicaLiquidacao: { dtVencimento: due, descricaoLiquidacao: `Parcela ${parcela}`, pagamentoViaPIX: true, pagamentoViaBoleto: false } });
  return (body.cobrancas as Array<{ codigoLiquidacao: string }>)[0]!.codigoLiquidacao;
}
