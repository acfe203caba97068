// A card's JPEG, encoded only where its text is. Cards differ from their shared background in a
// band of rows (the section's name and the title); a baseline JPEG codes its blocks one after the
// other, each 16-pixel row of blocks (an MCU row) independent of the others but for the DC
// prediction, which carries from the last block of one row to the first of the next. The text
// never reaches the first or last column of blocks, so a row's DC prediction is the same on every
// card: the background's coded rows above and below the band are reused, and only the band, with
// one untouched row above and below it, is encoded for each card. The result is byte for byte the
// JPEG sharp makes of the whole card, at the cost of the band (tests/engine/unit/card-jpeg.test.ts).
//
// Anything this does not know (progressive or restart-coded scans, other chroma sampling, tables
// that differ between the two encodings, an end it cannot place) makes `splice` return undefined,
// and the caller encodes the whole card.

/** Rows of pixels in an MCU row at 4:2:0 chroma subsampling. */
export const MCU_ROWS = 16;
/** Columns of pixels in an MCU. */
const MCU_COLUMNS = 16;

interface Huffman {
  /** The largest code of each length (1-16), -1 if none. */
  maxCode: Int32Array;
  /** What the first code of each length stands for, as an index into `values` minus that code. */
  offset: Int32Array;
  values: Uint8Array;
}

/** What a baseline JPEG is made of, as far as splicing needs it. */
interface Parsed {
  /** Everything before the entropy-coded data: markers, tables, frame and scan headers. */
  header: Uint8Array;
  /** The header's quantisation and Huffman tables, as bytes, to compare two encodings by. */
  tables: string;
  width: number;
  height: number;
  /** Per component in scan order: blocks an MCU, DC and AC table. */
  components: { blocks: number; dc: Huffman; ac: Huffman }[];
  /** The entropy-coded data with its stuffed zero bytes removed. */
  bits: Uint8Array;
}

function huffman(counts: Uint8Array, values: Uint8Array): Huffman {
  const maxCode = new Int32Array(17).fill(-1);
  const offset = new Int32Array(17);
  let code = 0;
  let index = 0;
  for (let length = 1; length <= 16; length++) {
    offset[length] = index - code;
    code += counts[length - 1];
    index += counts[length - 1];
    if (counts[length - 1]) maxCode[length] = code - 1;
    code <<= 1;
  }
  return { maxCode, offset, values };
}

/** Reads a baseline, 4:2:0, single-scan JPEG as sharp writes it; undefined for anything else. */
function parse(jpeg: Uint8Array): Parsed | undefined {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) return undefined;
  const tables = new Map<number, Huffman>();
  const tableBytes: string[] = [];
  let frame: { width: number; height: number; sampling: Map<number, number> } | undefined;
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) return undefined;
    const marker = jpeg[at + 1];
    const length = (jpeg[at + 2] << 8) | jpeg[at + 3];
    const body = jpeg.subarray(at + 4, at + 2 + length);
    if (marker === 0xdb) tableBytes.push(Buffer.from(body).toString('hex'));
    else if (marker === 0xc4) {
      tableBytes.push(Buffer.from(body).toString('hex'));
      for (let i = 0; i < body.length; ) {
        const counts = body.subarray(i + 1, i + 17);
        const total = counts.reduce((a, b) => a + b, 0);
        tables.set(body[i], huffman(counts, body.subarray(i + 17, i + 17 + total)));
        i += 17 + total;
      }
    } else if (marker === 0xc0) {
      const sampling = new Map<number, number>();
      for (let c = 0; c < body[5]; c++) sampling.set(body[6 + c * 3], body[7 + c * 3]);
      frame = { height: (body[1] << 8) | body[2], width: (body[3] << 8) | body[4], sampling };
    } else if (
      marker === 0xdd ||
      (marker >= 0xc1 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
    ) {
      // Restart intervals, progressive or arithmetic coding: not what this splices.
      return undefined;
    } else if (marker === 0xda) {
      if (!frame) return undefined;
      const components: Parsed['components'] = [];
      for (let c = 0; c < body[0]; c++) {
        const id = body[1 + c * 2];
        const ids = body[2 + c * 2];
        const sampling = frame.sampling.get(id);
        const dc = tables.get(ids >> 4);
        const ac = tables.get(0x10 | (ids & 15));
        if (sampling === undefined || !dc || !ac) return undefined;
        components.push({ blocks: (sampling >> 4) * (sampling & 15), dc, ac });
      }
      // 4:2:0: four luma blocks and one of each chroma an MCU.
      if (components.map((c) => c.blocks).join() !== '4,1,1') return undefined;
      const start = at + 2 + length;
      // Unstuffed a run between 0xFF bytes at a time; the first 0xFF not followed by a zero is
      // the end-of-image marker (no restart markers: none were asked for).
      const bits = new Uint8Array(jpeg.length - start);
      let n = 0;
      for (let i = start; i < jpeg.length; ) {
        let ff = jpeg.indexOf(0xff, i);
        if (ff < 0) ff = jpeg.length;
        bits.set(jpeg.subarray(i, ff), n);
        n += ff - i;
        if (ff >= jpeg.length || jpeg[ff + 1] !== 0) break;
        bits[n++] = 0xff;
        i = ff + 2;
      }
      return {
        header: jpeg.subarray(0, start),
        tables: tableBytes.join(),
        width: frame.width,
        height: frame.height,
        components,
        bits: bits.subarray(0, n),
      };
    }
    at += 2 + length;
  }
  return undefined;
}

/** Walks coded MCUs from bit `at` and returns where each of `rows` MCU rows starts, and where the
 * last ends (rows + 1 offsets), or undefined if the data ends first. */
function rowStarts(parsed: Parsed, rows: number, at = 0): number[] | undefined {
  const { bits, components } = parsed;
  const total = bits.length * 8;
  const bit = () => (bits[at >> 3] >> (7 - (at++ & 7))) & 1;
  const decode = (table: Huffman) => {
    let code = 0;
    for (let length = 1; length <= 16; length++) {
      code = (code << 1) | bit();
      if (code <= table.maxCode[length]) return table.values[table.offset[length] + code];
    }
    throw new Error('not a Huffman code');
  };
  const perRow = Math.ceil(parsed.width / MCU_COLUMNS);
  const starts: number[] = [];
  try {
    for (let row = 0; row < rows; row++) {
      starts.push(at);
      for (let mcu = 0; mcu < perRow; mcu++) {
        for (const { blocks, dc, ac } of components) {
          for (let b = 0; b < blocks; b++) {
            // Read before it is added: `at += decode(dc)` would add to the offset before the code.
            const extra = decode(dc);
            at += extra;
            for (let k = 1; k < 64; k++) {
              const rs = decode(ac);
              const size = rs & 15;
              if (size === 0) {
                if (rs !== 0xf0) break;
                k += 15;
              } else {
                k += rs >> 4;
                at += size;
              }
            }
          }
        }
        if (at > total) return undefined;
      }
    }
  } catch {
    return undefined;
  }
  starts.push(at);
  return starts;
}

interface WriterState {
  bytes: Uint8Array;
  acc: number;
  pending: number;
}

/** Writes bit ranges one after the other as entropy-coded data: 0xFF bytes stuffed, the last byte
 * padded with ones. */
class BitWriter {
  private bytes: Uint8Array;
  private length = 0;
  private acc = 0;
  private pending = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  static from(state: WriterState, capacity: number): BitWriter {
    const writer = new BitWriter(Math.max(capacity, state.bytes.length * 2));
    writer.bytes.set(state.bytes);
    writer.length = state.bytes.length;
    writer.acc = state.acc;
    writer.pending = state.pending;
    return writer;
  }

  state(): WriterState {
    return { bytes: this.bytes.slice(0, this.length), acc: this.acc, pending: this.pending };
  }

  /** Bits not yet written out as a byte. */
  get pendingBits(): number {
    return this.pending;
  }

  /** A writer whose first `pending` bits are left open: what it writes goes after any bits of
   * that many (`append`). */
  static after(pending: number, capacity: number): BitWriter {
    const writer = new BitWriter(capacity);
    writer.pending = pending;
    return writer;
  }

  /** What a writer made by `after(this.pendingBits)` wrote: its first byte takes this writer's
   * pending bits, the rest is copied as it is. */
  append(tail: WriterState): void {
    this.reserve(tail.bytes.length * 8);
    let from = 0;
    if (this.pending) {
      this.put(tail.bytes[0] | ((this.acc << (8 - this.pending)) & 0xff));
      from = 1;
    }
    this.bytes.set(tail.bytes.subarray(from), this.length);
    this.length += tail.bytes.length - from;
    this.acc = tail.acc;
    this.pending = tail.pending;
  }

  private put(byte: number): void {
    this.bytes[this.length++] = byte;
    if (byte === 0xff) this.bytes[this.length++] = 0;
  }

  /** Room for `bits` more bits, every byte of them stuffed. */
  private reserve(bits: number): void {
    const needed = this.length + 2 * Math.ceil((bits + this.pending) / 8) + 2;
    if (needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  private write(value: number, n: number): void {
    this.acc = (this.acc << n) | value;
    this.pending += n;
    if (this.pending >= 8) {
      this.pending -= 8;
      this.put((this.acc >> this.pending) & 0xff);
      this.acc &= (1 << this.pending) - 1;
    }
  }

  /** Bits [start, end) of `source`, most significant bit of each byte first. */
  copy(source: Uint8Array, start: number, end: number): void {
    if (end <= start) return;
    this.reserve(end - start);
    // Up to the source's next byte, then whole bytes, then what is left of the last.
    const head = Math.min((8 - (start & 7)) & 7, end - start);
    if (head) {
      this.write((source[start >> 3] >> (8 - (start & 7) - head)) & ((1 << head) - 1), head);
      start += head;
    }
    const wholeEnd = start + ((end - start) & ~7);
    const shift = this.pending;
    const mask = (1 << shift) - 1;
    const bytes = this.bytes;
    let length = this.length;
    let acc = this.acc;
    if (shift === 0) {
      for (let i = start >> 3, last = wholeEnd >> 3; i < last; i++) {
        const byte = source[i];
        bytes[length++] = byte;
        if (byte === 0xff) bytes[length++] = 0;
      }
    } else {
      for (let i = start >> 3, last = wholeEnd >> 3; i < last; i++) {
        acc = (acc << 8) | source[i];
        const byte = (acc >> shift) & 0xff;
        bytes[length++] = byte;
        if (byte === 0xff) bytes[length++] = 0;
        acc &= mask;
      }
    }
    this.length = length;
    this.acc = acc;
    if (end > wholeEnd) this.write(source[wholeEnd >> 3] >> (8 - (end - wholeEnd)), end - wholeEnd);
  }

  /** The data, padded with ones to a whole byte, and the end-of-image marker. */
  finish(header: Uint8Array): Uint8Array {
    this.reserve(8);
    if (this.pending) this.put(((this.acc << (8 - this.pending)) | ((1 << (8 - this.pending)) - 1)) & 0xff);
    const out = new Uint8Array(header.length + this.length + 2);
    out.set(header);
    out.set(this.bytes.subarray(0, this.length), header.length);
    out[out.length - 2] = 0xff;
    out[out.length - 1] = 0xd9;
    return out;
  }
}

/** The shared background, encoded once, with where each of its MCU rows is coded. */
export interface EncodedBackground {
  parsed: Parsed;
  starts: number[];
  /** The coded rows above each band's first row, ready to go on: by that row. */
  prefixes: Map<number, WriterState>;
  /** The coded rows from a band's last row to the end, written after 0-7 bits: by row * 8 + bits. */
  suffixes: Map<number, WriterState>;
}

/** Reads the background's JPEG (as sharp encoded it) for splicing; undefined if it cannot be. */
export function encodedBackground(jpeg: Uint8Array): EncodedBackground | undefined {
  const parsed = parse(jpeg);
  if (!parsed) return undefined;
  const starts = rowStarts(parsed, Math.ceil(parsed.height / MCU_ROWS));
  return starts && { parsed, starts, prefixes: new Map(), suffixes: new Map() };
}

/** The MCU rows a band of pixel rows [top, bottom) needs encoded: the rows it touches and one
 * untouched row either side. Undefined when it reaches the card's first or last row. */
export function bandRows(
  background: EncodedBackground,
  top: number,
  bottom: number,
): { first: number; last: number } | undefined {
  const rows = background.starts.length - 1;
  const first = Math.floor(top / MCU_ROWS) - 1;
  const last = Math.ceil(bottom / MCU_ROWS);
  return first < 0 || last >= rows ? undefined : { first, last };
}

/** Whether text drawn in columns [left, right) leaves the first and last column of blocks alone,
 * which carry the DC prediction from row to row. */
export function clearOfEdges(background: EncodedBackground, left: number, right: number): boolean {
  return left >= MCU_COLUMNS && right <= Math.floor((background.parsed.width - 1) / MCU_COLUMNS) * MCU_COLUMNS;
}

/** The card's JPEG from the background's and `band`'s, where `band` is sharp's encoding of the
 * card's MCU rows `rows.first` to `rows.last` (with the same settings as the background's). */
export function splice(
  background: EncodedBackground,
  band: Uint8Array,
  rows: { first: number; last: number },
): Uint8Array | undefined {
  const { parsed: whole, starts } = background;
  const part = parse(band);
  if (!part || part.tables !== whole.tables || part.width !== whole.width) return undefined;
  // Where the band's second row starts: its first is coded against a DC prediction of zero.
  const second = rowStarts(part, 1)?.[1];
  if (second === undefined) return undefined;
  // Where the band's last row ends: the data is padded with ones to a byte; the last row, being
  // untouched, is coded as in the background, and must end exactly where the padding starts.
  const tail = starts[rows.last + 1] - starts[rows.last];
  const total = part.bits.length * 8;
  let end: number | undefined;
  for (let padding = 0; padding < 8; padding++) {
    const at = total - padding;
    if (!onesFrom(part.bits, at, total) || !equalBits(part.bits, at - tail, whole.bits, starts[rows.last], tail))
      continue;
    if (end !== undefined) return undefined; // two places fit: not one to trust
    end = at;
  }
  if (end === undefined) return undefined;
  let prefix = background.prefixes.get(rows.first + 1);
  if (!prefix) {
    const writer = new BitWriter(whole.bits.length + 1024);
    writer.copy(whole.bits, 0, starts[rows.first + 1]);
    prefix = writer.state();
    background.prefixes.set(rows.first + 1, prefix);
  }
  const writer = BitWriter.from(prefix, whole.bits.length + part.bits.length + 1024);
  writer.copy(part.bits, second, end - tail);
  // The rows below are the same on every card but for the bits they start after.
  const key = rows.last * 8 + writer.pendingBits;
  let suffix = background.suffixes.get(key);
  if (!suffix) {
    const tail = BitWriter.after(writer.pendingBits, whole.bits.length + 1024);
    tail.copy(whole.bits, starts[rows.last], starts[starts.length - 1]);
    suffix = tail.state();
    background.suffixes.set(key, suffix);
  }
  writer.append(suffix);
  return writer.finish(whole.header);
}

function onesFrom(bits: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!((bits[i >> 3] >> (7 - (i & 7))) & 1)) return false;
  return true;
}

function equalBits(a: Uint8Array, aStart: number, b: Uint8Array, bStart: number, length: number): boolean {
  if (aStart < 0) return false;
  for (let i = 0; i < length; i++) {
    const x = (a[(aStart + i) >> 3] >> (7 - ((aStart + i) & 7))) & 1;
    const y = (b[(bStart + i) >> 3] >> (7 - ((bStart + i) & 7))) & 1;
    if (x !== y) return false;
  }
  return true;
}
