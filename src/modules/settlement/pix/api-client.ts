// A client of the Banco Central's API Pix (the subset a lender needs): OAuth2 client credentials
// over mTLS, cob (immediate) and cobv (with due date) created, read and removed, a pix read,
// refunds. The access token is cached until shortly before it expires.
import type { Clock } from '../../../platform/clock.js';
import { PIX_TOKEN_EARLY_RENEWAL_MS } from '../limits.js';
import type { PixProviderSettings } from '../settings.js';
import { PixHttpError, requestJson, type HttpAnswer } from './https-json.js';
import type { CobBody, CobvBody, PixAnswer, RefundAnswer, CobAnswer } from './api-types.js';

export const REMOVED_BY_RECEIVER = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';

export class PixApiClient {
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly settings: PixProviderSettings,
    private readonly clock: Clock,
  ) {}

  private tls() {
    return { cert: this.settings.cert, key: this.settings.key, ca: this.settings.ca };
  }

  private async accessToken(): Promise<string> {
    const now = this.clock.now().getTime();
    if (this.token !== null && now < this.token.until) return this.token.value;
    const basic = Buffer.from(`${encodeURIComponent(this.settings.clientId)}:${encodeURIComponent(this.settings.clientSecret)}`).toString('base64');
    const answer = await requestJson(this.tls(), 'POST', this.settings.tokenUrl, { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials');
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (answer.status !== 200 || typeof body?.access_token !== 'string') throw new PixHttpError(answer.status, `token endpoint answered ${answer.status}`);
    const lifetime_ms = (typeof body.expires_in === 'number' ? body.expires_in : 60) * 1000;
    this.token = { value: body.access_token, until: now + Math.max(0, lifetime_ms - PIX_TOKEN_EARLY_RENEWAL_MS) };
    return body.access_token;
  }

  private async call<T>(method: string, path: string, body: unknown, expected: number[]): Promise<T> {
    const send = async (): Promise<HttpAnswer> => requestJson(this.tls(), method, `${this.settings.url}${path}`, { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' }, body === undefined ? null : JSON.stringify(body));
    let answer = await send();
    if (answer.status === 401) {
      this.token = null; // revoked or expired early: one new token, one retry
      answer = await send();
    }
    if (!expected.includes(answer.status)) {
      const detail = (answer.body as { detail?: unknown; title?: unknown } | null)?.detail ?? (answer.body as { title?: unknown } | null)?.title ?? '';
      throw new PixHttpError(answer.status, `${method} ${path}: ${answer.status} ${String(detail)}`.trim());
    }
    return answer.body as T;
  }

  putCobv(txid: string, body: CobvBody): Promise<CobAnswer> {
    return this.call('PUT', `/cobv/${encodeURIComponent(txid)}`, body, [200, 201]);
  }

  getCobv(txid: string): Promise<CobAnswer> {
    return this.call('GET', `/cobv/${encodeURIComponent(txid)}`, undefined, [200]);
  }

  putCob(txid: string, body: CobBody): Promise<CobAnswer> {
    return this.call('PUT', `/cob/${encodeURIComponent(txid)}`, body, [200, 201]);
  }

  getCob(txid: string): Promise<CobAnswer> {
    return this.call('GET', `/cob/${encodeURIComponent(txid)}`, undefined, [200]);
  }

  /** Removal by the receiver: the charge can no longer be paid. */
  cancel(kind: 'cob' | 'cobv', txid: string): Promise<CobAnswer> {
    return this.call('PATCH', `/${kind}/${encodeURIComponent(txid)}`, { status: REMOVED_BY_RECEIVER }, [200]);
  }

  getPix(endToEndId: string): Promise<PixAnswer> {
    return this.call('GET', `/pix/${encodeURIComponent(endToEndId)}`, undefined, [200]);
  }

  refund(endToEndId: string, id: string, valor: string): Promise<RefundAnswer> {
    return this.call('PUT', `/pix/${encodeURIComponent(endToEndId)}/devolucao/${encodeURIComponent(id)}`, { valor }, [200, 201]);
  }
}
