// Safe HTML for the console's server-rendered pages: the `html` tagged template escapes every
// interpolated value (text and attribute values alike: & < > " ' `), unless it is an HtmlFragment
// (another `html` result, or `raw(...)` for trusted fixed markup). Arrays of values are joined;
// null, undefined and false render nothing (so `${cond && html`...`}` works).
export class HtmlFragment {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] as string);
}

export type HtmlValue = HtmlFragment | string | number | bigint | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof HtmlFragment) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): HtmlFragment {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new HtmlFragment(out);
}

/** Trusted markup, never text from a request or the database. */
export function raw(markup: string): HtmlFragment {
  return new HtmlFragment(markup);
}
