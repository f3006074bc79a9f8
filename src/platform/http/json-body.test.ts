import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DomainError } from '../errors.js';
import { parse as losslessParse } from 'lossless-json';
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

test('a body without numbers is parsed by JSON.parse exactly as lossless-json parses it (issue 14)', () => {
  const bodies = [
    '{"dto":{"numeroProposta":"x"}}',
    '{"dto":{"codigoProposta":"a2c5e1f2-1234-4abc-8def-0123456789ab","texto":"a:b \\" 12: -3"}}',
    '{"a":[true,false,null,["x",{"b":"1"}]],"c":{}}',
    '{"a":"x","a":"x"}',
    '{"__proto__":{"polluted":"yes"}}',
    '"text"',
    'null',
  ];
  for (const body of bodies) {
    const parsed = parseJsonBody(Buffer.from(body));
    assert.deepEqual(parsed, losslessParse(body), body);
    assert.equal(Object.getPrototypeOf(parsed ?? {}), typeof parsed === 'string' ? String.prototype : Object.prototype, body);
  }
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.match(messageOf('{"a":"x","a":"y"}'), /^REQ001 JSON inválido: Duplicate key 'a'/, 'a key written twice with different values');
  assert.match(messageOf('{"a":"x",}'), new RegExp(`^REQ001 JSON inválido: ${escapeRegExp(errorOf(() => losslessParse('{"a":"x",}')))}`), "lossless-json's own message");
  assert.match(messageOf(`${'['.repeat(5000)}${']'.repeat(5000)}`), /^REQ001/, 'nesting far past the limit');
  assert.equal(codeOf(Buffer.from('{"dto":{"nroParcela":12345678901234567890}}')), null, 'a number: lossless-json');
});

function messageOf(body: string): string {
  return errorOf(() => parseJsonBody(Buffer.from(body)), (error) => (error instanceof DomainError ? `${error.messages[0]?.code} ${error.messages[0]?.description}` : String(error)));
}

function errorOf(run: () => unknown, describe: (error: unknown) => string = (error) => (error as Error).message): string {
  try {
    run();
  } catch (error) {
    return describe(error);
  }
  return 'no error';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
