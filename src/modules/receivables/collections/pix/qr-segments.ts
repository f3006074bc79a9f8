// The segments of a QR symbol's data (ISO/IEC 18004 section 7.4): each run of characters in the
// mode that encodes it in the fewest bits, numeric, alphanumeric or byte, counting the header each
// switch costs. qrcode can find them itself (a shortest path over a graph of string-keyed nodes, via
// dijkstrajs) at ~5 times the CPU of this linear programme with one state per mode, the textbook
// method (issue 14; docs/decisions.md).

import type { QRCodeSegment } from 'qrcode';

type SegmentMode = 'numeric' | 'alphanumeric' | 'byte';
const MODES: readonly SegmentMode[] = ['numeric', 'alphanumeric', 'byte'];
/** The alphanumeric mode's characters, by code (below 128): a table, not a regular expression per character (issue 14). */
const ALPHANUMERIC = new Uint8Array(128);
for (const char of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:') ALPHANUMERIC[char.charCodeAt(0)] = 1;
/** Bits of a segment's character count by mode, for versions 1-9, 10-26 and 27-40 (ISO/IEC 18004 table 3). */
const COUNT_BITS: Record<SegmentMode, readonly [number, number, number]> = { numeric: [10, 12, 14], alphanumeric: [9, 11, 13], byte: [8, 16, 16] };
/** Versions 1-9, 10-26, 27-40: the largest version of each class. */
export const CLASS_LAST_VERSION = [9, 26, 40] as const;

/** Cost of one character in a mode, in sixths of a bit (numeric 10/3 bits, alphanumeric 11/2, byte 8 per UTF-8 byte); Infinity: not encodable. */
function charCost(mode: number, code: number): number {
  if (mode === 0) return code >= 0x30 && code <= 0x39 ? 20 : Infinity;
  if (mode === 1) return code < 0x80 && ALPHANUMERIC[code] === 1 ? 33 : Infinity;
  return 48 * (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);
}

/**
 * The payload as the cheapest sequence of numeric, alphanumeric and byte segments for a version
 * class (issue 14): the linear dynamic programme over one state per mode that qrcode's own optimiser
 * (a shortest path over a graph of string-keyed nodes) solves at many times the CPU. State `to`
 * after a character: the character in mode `to`, or in mode `at` then a switch to `to` (a new
 * header, after the bits so far are rounded up to whole bits); `from` keeps each state's `at`.
 */
export function qrSegments(payload: string, versionClass: 0 | 1 | 2): QRCodeSegment[] {
  const chars = [...payload];
  const head = MODES.map((m) => (4 + COUNT_BITS[m][versionClass]) * 6);
  const costs = [...head];
  const encoded = [0, 0, 0];
  const from = new Uint8Array(chars.length * 3);
  for (let i = 0; i < chars.length; i += 1) {
    const code = chars[i]!.codePointAt(0)!;
    for (let m = 0; m < 3; m += 1) encoded[m] = costs[m]! + charCost(m, code);
    for (let to = 0; to < 3; to += 1) {
      costs[to] = encoded[to]!;
      from[i * 3 + to] = to;
      for (let at = 0; at < 3; at += 1) {
        const switched = Math.ceil(encoded[at]! / 6) * 6 + head[to]!;
        if (switched < costs[to]!) {
          costs[to] = switched;
          from[i * 3 + to] = at;
        }
      }
    }
  }
  const modeOf = new Uint8Array(chars.length);
  let mode = costs.indexOf(Math.min(...costs));
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    mode = from[i * 3 + mode]!;
    modeOf[i] = mode;
  }
  const segments: QRCodeSegment[] = [];
  for (let start = 0; start < chars.length; ) {
    let end = start + 1;
    while (end < chars.length && modeOf[end] === modeOf[start]) end += 1;
    const text = chars.slice(start, end).join('');
    const kind = MODES[modeOf[start]!]!;
    segments.push(kind === 'byte' ? { mode: kind, data: Buffer.from(text) } : { mode: kind, data: text });
    start = end;
  }
  return segments;
}
