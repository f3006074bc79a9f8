// The segments of a QR symbol's data (ISO/IEC 18004 section 7.4): each run of characters in the
// mode that encodes it in the fewest bits, numeric, alphanumeric or byte, counting the header each
// switch costs. qrcode can find them itself (a shortest path over a graph of string-keyed nodes, via
// dijkstrajs) at ~5 times the CPU of this linear programme with one state per mode, the textbook
// method (issue 14; docs/decisions.md).

import type { QRCodeSegment } from 'qrcode';

type SegmentMode = 'numeric' | 'alphanumeric' | 'byte';
const MODES: readonly SegmentMode[] = ['numeric', 'alphanumeric', 'byte'];
const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]$/;
/** Bits of a segment's character count by mode, for versions 1-9, 10-26 and 27-40 (ISO/IEC 18004 table 3). */
const COUNT_BITS: Record<SegmentMode, readonly [number, number, number]> = { numeric: [10, 12, 14], alphanumeric: [9, 11, 13], byte: [8, 16, 16] };
/** Versions 1-9, 10-26, 27-40: the largest version of each class. */
export const CLASS_LAST_VERSION = [9, 26, 40] as const;

/** Cost of one character in a mode, in sixths of a bit (numeric 10/3 bits, alphanumeric 11/2, byte 8 per UTF-8 byte); Infinity: not encodable. */
function charCost(mode: SegmentMode, char: string): number {
  if (mode === 'numeric') return char >= '0' && char <= '9' ? 20 : Infinity;
  if (mode === 'alphanumeric') return ALPHANUMERIC.test(char) ? 33 : Infinity;
  return 48 * Buffer.byteLength(char);
}

/**
 * The payload as the cheapest sequence of numeric, alphanumeric and byte segments for a version
 * class (issue 14): the linear dynamic programme over one state per mode that qrcode's own optimiser
 * (a shortest path over a graph of string-keyed nodes) solves at many times the CPU.
 */
export function qrSegments(payload: string, versionClass: 0 | 1 | 2): QRCodeSegment[] {
  const chars = [...payload];
  const head = MODES.map((m) => (4 + COUNT_BITS[m][versionClass]) * 6);
  let costs = [...head];
  const from: number[][] = [];
  for (const char of chars) {
    // Each state: this character in its own mode, or in another mode then a switch (a new header).
    const encoded = MODES.map((m, i) => costs[i]! + charCost(m, char));
    const next = [...encoded];
    const back = [0, 1, 2];
    for (let to = 0; to < 3; to += 1) {
      for (let at = 0; at < 3; at += 1) {
        const switched = Math.ceil(encoded[at]! / 6) * 6 + head[to]!;
        if (switched < next[to]!) [next[to], back[to]] = [switched, at];
      }
    }
    from.push(back);
    costs = next;
  }
  let mode = costs.indexOf(Math.min(...costs));
  const modeOf: number[] = [];
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    mode = from[i]![mode]!;
    modeOf[i] = mode;
  }
  const runs: Array<{ text: string; mode: SegmentMode }> = [];
  chars.forEach((char, i) => {
    const last = runs[runs.length - 1];
    if (last !== undefined && last.mode === MODES[modeOf[i]!]) last.text += char;
    else runs.push({ text: char, mode: MODES[modeOf[i]!]! });
  });
  return runs.map(({ text, mode }) => (mode === 'byte' ? { mode, data: Buffer.from(text) } : { mode, data: text }));
}
