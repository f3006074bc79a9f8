import assert from 'node:assert/strict';
import { test } from 'node:test';
import { html, raw } from './html.js';

test('html escapes interpolations, keeps fragments, joins arrays, drops null/false', () => {
  const evil = `<script>alert("x")</script>' onmouseover='y`;
  assert.equal(html`<p title="${evil}">${evil}</p>`.value, '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;y">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&#39; onmouseover=&#39;y</p>');
  assert.equal(html`<ul>${['a', 'b&'].map((x) => html`<li>${x}</li>`)}</ul>`.value, '<ul><li>a</li><li>b&amp;</li></ul>');
  assert.equal(html`${null}${undefined}${false}${0}${raw('<b>')}`.value, '0<b>');
});
