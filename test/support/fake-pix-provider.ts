// A local Pix provider implementing the API Pix subset the service uses, for tests: real HTTPS
// with client certificates (a CA, a server and a client certificate made by openssl at test time
// in a temp dir), OAuth2 client credentials, cob/cobv, GET /pix, refunds, and a webhook call when a
// charge is paid. Started and stopped by the test.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface FakeCerts {
  dir: string;
  ca: string;
  clientCert: string;
  clientKey: string;
}

function openssl(dir: string, ...args: string[]): void {
  execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
}

function issue(dir: string, name: string, san: string | null): void {
  openssl(dir, 'req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name}`);
  const ext = san === null ? [] : ['-extfile', `${name}.ext`];
  if (san !== null) fs.writeFileSync(path.join(dir, `${name}.ext`), `subjectAltName=${san}\n`);
  openssl(dir, 'x509', '-req', '-in', `${name}.csr`, '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', `${name}.crt`, '-days', '2', ...ext);
}

export function makeCerts(): FakeCerts {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caas-fake-psp-'));
  openssl(dir, 'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=fake-psp-ca');
  issue(dir, 'server', 'IP:127.0.0.1');
  issue(dir, 'client', null);
  return { dir, ca: path.join(dir, 'ca.crt'), clientCert: path.join(dir, 'client.crt'), clientKey: path.join(dir, 'client.key') };
}

interface Charge {
  kind: 'cob' | 'cobv';
  txid: string;
  body: Record<string, unknown>;
  status: string;
  location: string;
}

interface Pix {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  infoPagador?: string;
  devolucoes: Array<{ id: string; rtrId: string; valor: string; status: string }>;
}

export interface FakePixProvider {
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  charges: Map<string, Charge>;
  pixes: Map<string, Pix>;
  /** Requests seen, "METHOD path". */
  requests: string[];
  /** Where notifications go (the test delivers them to the service). */
  webhook: ((body: unknown) => Promise<number>) | null;
  /** The payer pays a charge: a pix is created, the charge concluded, the webhook called. */
  pay(txid: string, valor: string, horario: string): Promise<{ endToEndId: string; webhookStatus: number }>;
  /** GET /pix answers 503 while true (the provider is down). */
  failGetPix: boolean;
  /** PUT and PATCH of /cob and /cobv answer 503 while true. */
  failCharges: boolean;
  /** PUT /pix/{e2eid}/devolucao/{id} answers 503 while true. */
  failRefunds: boolean;
  close(): Promise<void>;
}

export async function startFakePixProvider(certs: FakeCerts): Promise<FakePixProvider> {
  const clientId = 'caas-test';
  const clientSecret = randomBytes(12).toString('hex');
  const tokens = new Set<string>();
  const provider = { charges: new Map<string, Charge>(), pixes: new Map<string, Pix>(), requests: [] as string[], webhook: null as FakePixProvider['webhook'], failGetPix: false, failCharges: false, failRefunds: false };
  const server = https.createServer({ key: fs.readFileSync(path.join(certs.dir, 'server.key')), cert: fs.readFileSync(path.join(certs.dir, 'server.crt')), ca: fs.readFileSync(certs.ca), requestCert: true, rejectUnauthorized: true }, (req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'https://fake');
      provider.requests.push(`${req.method} ${url.pathname}`);
      if (url.pathname === '/oauth/token') {
        const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
        if (req.headers.authorization !== `Basic ${basic}` || !raw.includes('grant_type=client_credentials')) return send(401, { error: 'invalid_client' });
        const token = randomBytes(16).toString('hex');
        tokens.add(token);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read cobv.write cobv.read pix.read pix.write' });
      }
      if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return send(401, { title: 'Não autorizado' });
      const body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
      const cob = /^\/(cobv?)\/([A-Za-z0-9]{26,35})$/.exec(url.pathname);
      if (cob) {
        const [, kind, txid] = cob as unknown as [string, 'cob' | 'cobv', string];
        const existing = provider.charges.get(txid!);
        if (req.method === 'PUT') {
          if (provider.failCharges) return send(503, { title: 'Serviço indisponível' });
          if (existing) return send(409, { title: 'Cobrança já existe' });
          const charge = { kind, txid: txid!, body, status: 'ATIVA', location: `127.0.0.1/qr/v2/${kind}/${randomBytes(8).toString('hex')}` };
          provider.charges.set(txid!, charge);
          return send(201, { ...body, txid, status: 'ATIVA', revisao: 0, loc: { id: provider.charges.size, location: charge.location, tipoCob: kind }, location: charge.location });
        }
        if (!existing || existing.kind !== kind) return send(404, { title: 'Cobrança não encontrada' });
        if (req.method === 'PATCH') {
          if (provider.failCharges) return send(503, { title: 'Serviço indisponível' });
          if (body.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || existing.status !== 'ATIVA') return send(400, { title: 'Operação inválida' });
          existing.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
        }
        return send(200, { ...existing.body, txid, status: existing.status, loc: { location: existing.location, tipoCob: kind }, location: existing.location });
      }
      const pix = /^\/pix\/([A-Za-z0-9]{32})(?:\/devolucao\/([A-Za-z0-9]{1,35}))?$/.exec(url.pathname);
      if (pix) {
        const found = provider.pixes.get(pix[1]!);
        if (req.method === 'GET' && provider.failGetPix) return send(503, { title: 'Serviço indisponível' });
        if (!found) return send(404, { title: 'Pix não encontrado' });
        if (pix[2] === undefined) return send(200, found);
        if (provider.failRefunds) return send(503, { title: 'Serviço indisponível' });
        const again = found.devolucoes.find((d) => d.id === pix[2]);
        if (again !== undefined) return send(200, again); // the same refund id is the same refund
        const devolucao = { id: pix[2], rtrId: `D${randomBytes(15).toString('hex')}`, valor: String(body.valor), status: 'DEVOLVIDO' };
        found.devolucoes.push(devolucao);
        return send(201, devolucao);
      }
      return send(404, { title: 'Não encontrado' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(provider, {
    url: base,
    tokenUrl: `${base}/oauth/token`,
    clientId,
    clientSecret,
    async pay(txid: string, valor: string, horario: string) {
      const endToEndId = `E${randomBytes(31).toString('hex').slice(0, 31)}`;
      provider.pixes.set(endToEndId, { endToEndId, txid, valor, horario, infoPagador: 'pagamento', devolucoes: [] });
      const charge = provider.charges.get(txid);
      if (charge) charge.status = 'CONCLUIDA';
      const webhookStatus = provider.webhook === null ? 0 : await provider.webhook({ pix: [{ endToEndId, txid, valor, horario, infoPagador: 'pagamento' }] });
      return { endToEndId, webhookStatus };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
