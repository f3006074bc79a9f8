// The console's cookies: the session (a random token; Secure, HttpOnly, SameSite=Strict, path
// /console, no Max-Age: the server ends it, see limits of the operators module) and a one-shot
// flash message. Chromium treats http://127.0.0.1 and http://localhost as potentially trustworthy
// and keeps Secure cookies there, so Secure holds in development too (docs/console.md).
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Flash } from './layout.js';
import { FLASH_TEXT_MAX } from './limits.js';

export const SESSION_COOKIE = 'caas_console';
export const FLASH_COOKIE = 'caas_console_flash';
/** Login CSRF: a random value in this cookie and in the login form's hidden field (double submit). */
export const LOGIN_COOKIE = 'caas_console_login';

export function cookieOptions(): CookieSerializeOptions {
  return { path: '/console', httpOnly: true, secure: true, sameSite: 'strict' };
}

export function setFlash(reply: FastifyReply, flash: Flash): void {
  reply.setCookie(FLASH_COOKIE, Buffer.from(JSON.stringify({ ...flash, text: flash.text.slice(0, FLASH_TEXT_MAX) })).toString('base64url'), cookieOptions());
}

export function readFlash(request: FastifyRequest, reply: FastifyReply): Flash | null {
  const value = request.cookies[FLASH_COOKIE];
  if (typeof value !== 'string' || value === '') return null;
  reply.clearCookie(FLASH_COOKIE, cookieOptions());
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<Flash>;
    return typeof parsed.text === 'string' ? { text: parsed.text, kind: parsed.kind === 'error' ? 'error' : 'ok' } : null;
  } catch {
    return null;
  }
}
