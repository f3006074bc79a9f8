// The form's percent-escape check refuses exactly what decodeURIComponent refuses, field by field.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertPercentEncoding } from './form-body.js';

function refusedByFields(text: string): boolean {
  try {
    for (const part of text.split(/[&=]/)) decodeURIComponent(part.replace(/\+/g, ' '));
    return false;
  } catch {
    return true;
  }
}

function refused(text: string): boolean {
  try {
    assertPercentEncoding(text);
    return false;
  } catch {
    return true;
  }
}

test('a form is refused for its escapes exactly when decoding a field would fail', () => {
  const samples = ['a=b', 'a=%C3%A9&b=%F0%9F%98%80', 'a=%C3&b=%A9', 'a=%C3=%A9', 'a=%ZZ', 'x=%', 'a=%2', 'a=%E2%82', 'q=%ED%A0%80', '%C3', 'a=b%c3%a9c', 'a=+%2B+', '%25%32', 'a=%%41', 'grant_type=client_credentials&client_assertion_type=urn%3Aietf%3Aparams'];
  for (const text of samples) assert.equal(refused(text), refusedByFields(text), text);
  const bytes = ['%41', '%C3', '%A9', '%ED', '%A0', '%80', '%F0', '%9F', '%98', '%E2', '%82', '&', '=', '%', 'z', '+'];
  let seed = 7;
  for (let i = 0; i < 3000; i += 1) {
    let text = '';
    for (let j = 0; j < 6; j += 1) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      text += bytes[seed % bytes.length];
    }
    assert.equal(refused(text), refusedByFields(text), text);
  }
});
