// The zlib stream (RFC 1950 around one RFC 1951 deflate block) of raw image rows that come in runs of
// identical rows, as a QR code's PNG rows do: each module row is drawn `repeat` pixels high. zlib's
// deflate costs CPU per input byte (~34 kB of rows for a BR Code at 8 px per module, ~60 % of the
// QR's CPU, issue 14) to search for matches whose places are known here: each repeated row is one
// match of the row above, and the first row of a run is matched only against the row above it,
// earlier runs' rows and itself (runs of equal bytes). Written here because no library deflates
// with caller-given matches; inflate (tests, every PNG reader) checks the result (docs/decisions.md).

/** Deflate's match lengths and window (RFC 1951 3.2.5). */
const SHORTEST_MATCH = 3;
const LONGEST_MATCH = 258;
const WINDOW_BYTES = 32_768;
/** Longest codes: literal/length and distance 15 bits, code-length codes 7 (RFC 1951 3.2.7). */
const CODE_BITS = 15;
const CODE_LENGTH_CODE_BITS = 7;
/** A run of one byte longer than this is a literal and a match: shorter ones cost more bits than the ~1-2 bit literals of a two-colour row. */
const WORTHWHILE_RUN = 10;
const END_OF_BLOCK = 256;
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const LENGTH_BASE = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DISTANCE_BASE = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577];
const DISTANCE_EXTRA = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13];
const ADLER_MODULUS = 65_521;
/** The length code (0-28, symbol 257 + it) of every match length. */
const LENGTH_CODE = new Uint8Array(LONGEST_MATCH + 1);
for (let length = SHORTEST_MATCH, code = 0; length <= LONGEST_MATCH; length += 1) {
  while (code + 1 < LENGTH_BASE.length && (LENGTH_BASE[code + 1] as number) <= length) code += 1;
  LENGTH_CODE[length] = code;
}

/** Index of the largest base not above `value`. */
function codeIndex(bases: readonly number[], value: number): number {
  let at = bases.length - 1;
  while ((bases[at] as number) > value) at -= 1;
  return at;
}

/** How many leading entries hold every non-zero length. */
function usedCount(lengths: readonly number[]): number {
  let count = lengths.length;
  while (count > 0 && lengths[count - 1] === 0) count -= 1;
  return count;
}

/** Huffman code lengths of `frequencies` (0: unused), halving the spread until no code is longer than `limit` bits. */
export function codeLengths(frequencies: readonly number[], limit: number): number[] {
  let weights = [...frequencies];
  for (;;) {
    const lengths = huffmanLengths(weights);
    let longest = 0;
    for (const l of lengths) if (l > longest) longest = l;
    if (longest <= limit) return lengths;
    weights = weights.map((w) => (w === 0 ? 0 : (w >> 1) | 1));
  }
}

/** Plain Huffman code lengths (at least two used symbols: the callers make sure), two queues over the sorted leaves. */
function huffmanLengths(weights: readonly number[]): number[] {
  const leaves: number[] = [];
  for (let symbol = 0; symbol < weights.length; symbol += 1) if ((weights[symbol] as number) > 0) leaves.push(symbol);
  leaves.sort((a, b) => (weights[a] as number) - (weights[b] as number) || a - b);
  const nodes = 2 * leaves.length - 1;
  const weight = new Float64Array(nodes);
  const parent = new Int32Array(nodes).fill(-1);
  for (let at = 0; at < leaves.length; at += 1) weight[at] = weights[leaves[at] as number] as number;
  // Inner nodes are created in order of weight: they are their own queue, after the leaves.
  let [leaf, inner] = [0, leaves.length];
  for (let node = leaves.length; node < nodes; node += 1) {
    for (let pick = 0; pick < 2; pick += 1) {
      const fromLeaf = leaf < leaves.length && (inner >= node || (weight[leaf] as number) <= (weight[inner] as number));
      const child = fromLeaf ? leaf++ : inner++;
      weight[node]! += weight[child] as number;
      parent[child] = node;
    }
  }
  const depth = new Int32Array(nodes);
  for (let node = nodes - 2; node >= 0; node -= 1) depth[node] = (depth[parent[node] as number] as number) + 1;
  const lengths = new Array<number>(weights.length).fill(0);
  for (let at = 0; at < leaves.length; at += 1) lengths[leaves[at] as number] = depth[at] as number;
  return lengths;
}

/** Canonical codes for `lengths` (RFC 1951 3.2.2), bit-reversed: deflate writes them from the last bit. */
function canonicalCodes(lengths: readonly number[]): number[] {
  const count = new Array<number>(CODE_BITS + 2).fill(0);
  for (const l of lengths) if (l > 0) count[l]! += 1;
  const next = new Array<number>(CODE_BITS + 2).fill(0);
  for (let bits = 1, code = 0; bits <= CODE_BITS + 1; bits += 1) {
    code = (code + (count[bits - 1] as number)) << 1;
    next[bits] = code;
  }
  return lengths.map((l) => {
    if (l === 0) return 0;
    const code = next[l]!++;
    let reversed = 0;
    for (let bit = 0; bit < l; bit += 1) reversed |= ((code >> bit) & 1) << (l - 1 - bit);
    return reversed;
  });
}

/**
 * Scratch arrays kept between calls and grown when too small (issue 14): a typed array is
 * allocated outside V8's heap, and fresh ones per code (tokens, bits) made the garbage collector
 * ~20 % of a QR's CPU. Safe to share: every use is synchronous and copies its result out. Bounded
 * by the largest payload (PAYLOAD_CHARS_MAX): ~270 kB with qr.ts's pixel rows at 512 characters of
 * 3-byte UTF-8 (version 32, 145 modules: rows ~24 kB, tokens ~99 kB, bits ~149 kB); ~110 kB at 512
 * ASCII characters. encodeModulesPng asserts the symbol's size, scale and margin.
 */
let tokenScratch = new Int32Array(0);
let byteScratch = new Uint8Array(0);

function tokenArray(length: number): Int32Array {
  if (tokenScratch.length < length) tokenScratch = new Int32Array(length);
  return tokenScratch;
}

class BitWriter {
  private readonly bytes: Uint8Array;
  private at = 0;
  private buffer = 0;
  private filled = 0;
  /** Writes into the shared scratch (see above): `finish`'s bytes are valid until the next writer. */
  constructor(capacity: number) {
    if (byteScratch.length < capacity) byteScratch = new Uint8Array(capacity);
    this.bytes = byteScratch;
  }
  put(value: number, bits: number): void {
    this.buffer |= value << this.filled;
    this.filled += bits;
    while (this.filled >= 8) {
      this.bytes[this.at++] = this.buffer & 0xff;
      this.buffer >>>= 8;
      this.filled -= 8;
    }
  }
  finish(): Uint8Array {
    if (this.filled > 0) this.put(0, 8 - this.filled);
    return this.bytes.subarray(0, this.at);
  }
}

interface Tokens {
  tokens: Int32Array;
  /** How often each literal/length and distance symbol is used. */
  litLen: number[];
  distances: number[];
}

/**
 * Literals (below 256) and matches (length << 16 | distance) of the rows, in stream order: each row's
 * bytes as literals except long runs of one byte (a match at distance 1), then its repeats (one
 * match of the row above). Matches within a QR's first row of a run, against earlier rows, made it
 * no smaller: two-colour literals cost ~1-2 bits each.
 */
function tokensOf(rows: Uint8Array, stride: number, repeat: number): Tokens {
  const perRow = Math.ceil(((repeat - 1) * stride) / LONGEST_MATCH) + 2;
  const tokens = tokenArray(rows.length + (rows.length / stride) * perRow);
  const litLen = new Array<number>(286).fill(0);
  const distances = new Array<number>(30).fill(0);
  let count = 0;
  const match = (length: number, distance: number) => {
    const distanceAt = codeIndex(DISTANCE_BASE, distance);
    for (let left = length; left > 0; ) {
      // Never leave a tail shorter than deflate's shortest match.
      const take = left <= LONGEST_MATCH ? left : left - LONGEST_MATCH < SHORTEST_MATCH ? left - SHORTEST_MATCH : LONGEST_MATCH;
      tokens[count++] = (take << 16) | distance;
      litLen[257 + (LENGTH_CODE[take] as number)]! += 1;
      distances[distanceAt]! += 1;
      left -= take;
    }
  };
  const literals = (byte: number, times: number) => {
    for (let n = 0; n < times; n += 1) tokens[count++] = byte;
    litLen[byte]! += times;
  };
  for (let start = 0; start < rows.length; start += stride) {
    const end = start + stride;
    for (let here = start; here < end; ) {
      const byte = rows[here] as number;
      let after = here + 1;
      while (after < end && rows[after] === byte) after += 1;
      if (after - here > WORTHWHILE_RUN) {
        literals(byte, 1);
        match(after - here - 1, 1);
      } else literals(byte, after - here);
      here = after;
    }
    const copies = (repeat - 1) * stride;
    if (copies >= SHORTEST_MATCH) match(copies, stride);
    else for (let copy = 0; copy < copies; copy += 1) literals(rows[start + (copy % stride)] as number, 1);
  }
  return { tokens: tokens.subarray(0, count), litLen, distances };
}

/** The code lengths of both alphabets as code-length symbols (RFC 1951 3.2.7): [symbol, extra bits value] pairs. */
function codeLengthSymbols(lengths: readonly number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let at = 0; at < lengths.length; ) {
    const value = lengths[at] as number;
    let run = 1;
    while (at + run < lengths.length && lengths[at + run] === value) run += 1;
    at += run;
    if (value === 0) {
      for (; run >= 11; run -= Math.min(run, 138)) out.push([18, Math.min(run, 138) - 11]);
      if (run >= 3) {
        out.push([17, run - 3]);
        run = 0;
      }
      for (; run > 0; run -= 1) out.push([0, 0]);
      continue;
    }
    out.push([value, 0]);
    for (run -= 1; run >= 3; run -= Math.min(run, 6)) out.push([16, Math.min(run, 6) - 3]);
    for (; run > 0; run -= 1) out.push([value, 0]);
  }
  return out;
}

const CODE_LENGTH_EXTRA: Record<number, number> = { 16: 2, 17: 3, 18: 7 };

/** Adler-32 of the rows, each repeated `repeat` times, without writing them out. */
function adler32(rows: Uint8Array, stride: number, repeat: number): number {
  let [a, b] = [1, 0];
  for (let start = 0; start < rows.length; start += stride) {
    let [sum, weighted] = [0, 0];
    for (let at = 0; at < stride; at += 1) {
      const byte = rows[start + at] as number;
      sum += byte;
      weighted += (stride - at) * byte;
    }
    [sum, weighted] = [sum % ADLER_MODULUS, weighted % ADLER_MODULUS];
    for (let copy = 0; copy < repeat; copy += 1) {
      b = (b + ((stride % ADLER_MODULUS) * a) + weighted) % ADLER_MODULUS;
      a = (a + sum) % ADLER_MODULUS;
    }
  }
  return ((b << 16) | a) >>> 0;
}

/**
 * zlib stream of `rows` (whole rows of `stride` bytes), each row standing for `repeat` identical
 * rows of the image: inflating it gives every row `repeat` times, in order.
 */
export function deflateRepeatedRows(rows: Uint8Array, stride: number, repeat: number): Buffer {
  if (stride < 1 || repeat < 1 || rows.length % stride !== 0 || stride > WINDOW_BYTES) throw new Error('assertion: whole rows of at most 32 KiB, repeated at least once');
  const { tokens, litLen: litLenFrequency, distances: distanceFrequency } = tokensOf(rows, stride, repeat);
  // Both trees get at least two used symbols: a complete code, no special case for a reader.
  litLenFrequency[END_OF_BLOCK] = 1;
  litLenFrequency[0] = Math.max(1, litLenFrequency[0] as number);
  for (const symbol of [0, 1]) distanceFrequency[symbol] = Math.max(1, distanceFrequency[symbol] as number);
  const litLenLengths = codeLengths(litLenFrequency, CODE_BITS);
  const distanceLengths = codeLengths(distanceFrequency, CODE_BITS);
  const [litLenCodes, distanceCodes] = [canonicalCodes(litLenLengths), canonicalCodes(distanceLengths)];
  const litLenCount = Math.max(257, usedCount(litLenLengths));
  const distanceCount = Math.max(1, usedCount(distanceLengths));
  const header = codeLengthSymbols([...litLenLengths.slice(0, litLenCount), ...distanceLengths.slice(0, distanceCount)]);
  const headerFrequency = new Array<number>(19).fill(0);
  for (const [symbol] of header) headerFrequency[symbol]! += 1;
  if (headerFrequency.filter((f) => f > 0).length < 2) headerFrequency[headerFrequency[0] === 0 ? 0 : 1]! += 1;
  const headerLengths = codeLengths(headerFrequency, CODE_LENGTH_CODE_BITS);
  const headerCodes = canonicalCodes(headerLengths);
  const headerCount = Math.max(4, usedCount(CODE_LENGTH_ORDER.map((symbol) => headerLengths[symbol] as number)));

  const out = new BitWriter(64 + header.length * 2 + tokens.length * 6);
  out.put(0x78, 8); // zlib: deflate, 32 KiB window
  out.put(0x01, 8); // no dictionary, check bits
  out.put(1, 1); // the final block
  out.put(2, 2); // dynamic Huffman codes
  out.put(litLenCount - 257, 5);
  out.put(distanceCount - 1, 5);
  out.put(headerCount - 4, 4);
  for (let at = 0; at < headerCount; at += 1) out.put(headerLengths[CODE_LENGTH_ORDER[at] as number] as number, 3);
  for (const [symbol, extra] of header) {
    out.put(headerCodes[symbol] as number, headerLengths[symbol] as number);
    if (symbol >= 16) out.put(extra, CODE_LENGTH_EXTRA[symbol] as number);
  }
  for (let at = 0; at < tokens.length; at += 1) {
    const token = tokens[at] as number;
    if (token < 256) {
      out.put(litLenCodes[token] as number, litLenLengths[token] as number);
      continue;
    }
    const length = token >>> 16;
    const distance = token & 0xffff;
    const lengthAt = LENGTH_CODE[length] as number;
    out.put(litLenCodes[257 + lengthAt] as number, litLenLengths[257 + lengthAt] as number);
    out.put(length - (LENGTH_BASE[lengthAt] as number), LENGTH_EXTRA[lengthAt] as number);
    const distanceAt = codeIndex(DISTANCE_BASE, distance);
    out.put(distanceCodes[distanceAt] as number, distanceLengths[distanceAt] as number);
    out.put(distance - (DISTANCE_BASE[distanceAt] as number), DISTANCE_EXTRA[distanceAt] as number);
  }
  out.put(litLenCodes[END_OF_BLOCK] as number, litLenLengths[END_OF_BLOCK] as number);
  const body = out.finish();
  const stream = Buffer.allocUnsafe(body.length + 4);
  stream.set(body, 0);
  stream.writeUInt32BE(adler32(rows, stride, repeat), body.length);
  return stream;
}
