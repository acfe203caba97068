// WOFF 1.0 to TrueType/OpenType: the site self-hosts its fonts as web fonts only, and fontconfig,
// which renders the text of generated images, reads neither WOFF nor WOFF2. A WOFF file is an sfnt
// whose tables are zlib-compressed one by one (https://www.w3.org/TR/WOFF/), so unpacking it is
// inflating each table and writing the sfnt directory back.
import zlib from 'node:zlib';

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"

export function woffToSfnt(woff: Uint8Array, file = 'font'): Buffer {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.length < 44 || src.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error(`${file} is not a WOFF 1.0 file`);
  const flavor = src.readUInt32BE(4);
  const numTables = src.readUInt16BE(12);
  const tables: { tag: number; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const tag = src.readUInt32BE(entry);
    const offset = src.readUInt32BE(entry + 4);
    const compLength = src.readUInt32BE(entry + 8);
    const origLength = src.readUInt32BE(entry + 12);
    const checksum = src.readUInt32BE(entry + 16);
    const raw = src.subarray(offset, offset + compLength);
    const data = compLength < origLength ? zlib.inflateSync(raw) : raw;
    if (data.length !== origLength)
      throw new Error(`${file}: table ${i} unpacks to ${data.length} bytes, expected ${origLength}`);
    tables.push({ tag, checksum, data });
  }
  const pad = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const out = Buffer.alloc(headerSize + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    out.writeUInt32BE(table.tag, record);
    out.writeUInt32BE(table.checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(table.data.length, record + 12);
    table.data.copy(out, offset);
    offset += pad(table.data.length);
  });
  return out;
}
