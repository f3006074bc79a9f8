// A small seeded PRNG (xoshiro128**) for the sandbox. The seed is SHA-256 of the document plus a
// label, so the same document always yields the same data, and each section of a result (person,
// SCR, fraud …) draws from its own stream: changing one generator never shifts another.
import { createHash } from 'node:crypto';

const UINT32_RANGE = 4_294_967_296;

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

export class Prng {
  private s: Uint32Array;

  private constructor(state: Uint32Array) {
    // xoshiro must not start from the all-zero state; SHA-256 output makes that practically
    // impossible, but the assertion documents the invariant.
    if (state.every((w) => w === 0)) throw new Error('assertion: PRNG state is all zeros');
    this.s = state;
  }

  /** A stream determined only by `seed` and `label`. */
  static from(seed: string, label: string): Prng {
    const digest = createHash('sha256').update(`${label}\u0000${seed}`, 'utf8').digest();
    const state = new Uint32Array(4);
    for (let i = 0; i < 4; i++) state[i] = digest.readUInt32BE(i * 4);
    return new Prng(state);
  }

  /** An independent child stream (for a sub-section of a result). */
  fork(label: string): Prng {
    return Prng.from(String(this.uint32()), label);
  }

  uint32(): number {
    const s = this.s;
    const result = (rotl((s[1]! * 5) >>> 0, 7) * 9) >>> 0;
    const t = (s[1]! << 9) >>> 0;
    s[2] = (s[2]! ^ s[0]!) >>> 0;
    s[3] = (s[3]! ^ s[1]!) >>> 0;
    s[1] = (s[1]! ^ s[2]!) >>> 0;
    s[0] = (s[0]! ^ s[3]!) >>> 0;
    s[2] = (s[2]! ^ t) >>> 0;
    s[3] = rotl(s[3]!, 11);
    return result;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) {
      throw new Error(`assertion: bad integer range [${min}, ${max}]`);
    }
    const span = max - min + 1;
    if (span > UINT32_RANGE) throw new Error('assertion: range wider than 32 bits');
    return min + Math.floor((this.uint32() / UINT32_RANGE) * span);
  }

  /** True with probability `percent`/100 (an integer, so no float thresholds leak into data). */
  chance(percent: number): boolean {
    return this.int(1, 100) <= percent;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('assertion: pick from an empty list');
    return items[this.int(0, items.length - 1)]!;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  /** A version-4-shaped UUID (version and variant bits set) drawn from the stream. */
  uuid(): string {
    const hex = Array.from({ length: 4 }, () => this.uint32().toString(16).padStart(8, '0')).join('');
    const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}
