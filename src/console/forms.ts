// Form helpers: every console form carries the session's CSRF token (_csrf) and a fresh
// idempotency key made at render (idempotencyKey), so a double submit replays the first result.
import { randomUUID } from 'node:crypto';
import { html, type HtmlFragment, type HtmlValue } from './html.js';

export const CSRF_FIELD = '_csrf';
export const KEY_FIELD = 'idempotencyKey';

export function hiddenFields(ctx: { csrfToken: string }): HtmlFragment {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrfToken}"><input type="hidden" name="${KEY_FIELD}" value="${randomUUID()}">`;
}

/**
 * A POST form with one submit button labelled with its verb. `confirm` asks before sending
 * (console.js, progressive enhancement: without JavaScript the form posts directly).
 */
export function actionForm(ctx: { csrfToken: string }, spec: { action: string; label: string; confirm?: string; fields?: HtmlValue; className?: string }): HtmlFragment {
  return html`<form method="post" action="${spec.action}" class="${spec.className ?? 'inline'}"${spec.confirm ? html` data-confirm="${spec.confirm}"` : ''}>${hiddenFields(ctx)}${spec.fields ?? ''}<button type="submit">${spec.label}</button></form>`;
}

/** A labelled input (the label names the control for screen readers and tests). */
export function field(spec: { name: string; label: string; type?: string; value?: string; required?: boolean; autocomplete?: string; hint?: string; inputmode?: string }): HtmlFragment {
  const id = `f-${spec.name}`;
  return html`<div class="field"><label for="${id}">${spec.label}</label><input id="${id}" name="${spec.name}" type="${spec.type ?? 'text'}"${spec.value !== undefined ? html` value="${spec.value}"` : ''}${spec.required ? html` required` : ''}${spec.autocomplete ? html` autocomplete="${spec.autocomplete}"` : ''}${spec.inputmode ? html` inputmode="${spec.inputmode}"` : ''}>${spec.hint ? html`<small>${spec.hint}</small>` : ''}</div>`;
}
