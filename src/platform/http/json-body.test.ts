import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DomainError } from '../errors.js';
import { parseJsonBody } from './json-body.js';

function codeOf(body: Buffer | string): string | null {
  try {
    parseJsonBody(body);
    return null;
  } catch (error) {
    assert.ok(error instanceof DomainError);
    return `${error.messages[0]?.code} ${error.messages[0]?.field}`;
  }
}

test('unsafe text is refused whether or not the text needs the per-string check (issue 12, issue 14)', () => {
  assert.equal(codeOf(Buffer.from('{"dto":{"a":"x\\u0000y"}}')), 'REQ014 dto.a', 'escaped NUL in a value');
  assert.equal(codeOf(Buffer.from('{"dto":{"a\\u0000":1}}')), 'REQ014 dto.a\u0000', 'escaped NUL in a key');
  assert.equal(codeOf(Buffer.from('{"a":["\\ud800"]}')), 'REQ014 a[0]', 'escaped lone surrogate');
  assert.equal(codeOf(Buffer.from('{"a":"\\ud83d\\ude00 \\u0041"}')), null, 'a paired surrogate and an ordinary escape');
  assert.equal(codeOf(Buffer.from('{"a":"\\\\u0000"}')), null, 'a backslash then u: no escape');
  assert.equal(codeOf('{"a":"x\ud800"}'), 'REQ014 a', 'a string given as text is checked in full');
  assert.notEqual(codeOf(Buffer.from('{"a":"x\u0000"}')), null, 'a raw NUL character (not an escape) is refused');
  assert.equal(codeOf(Buffer.from('{"dto":{"Ab":1,"aB":2}}')), 'REQ008 dto.aB', 'keys differing by case');
  assert.equal(codeOf(Buffer.from('{"dto":{"nroParcelas":[1,2,3]},"x":{"d":"2026-11-27"}}')), null);
});
