/**
 * A small zip writer (deflate through node:zlib, CRC-32 by table): enough for the archives the
 * server offers for download, made in memory from a handful of files. Names are stored as UTF-8;
 * a Unix mode marks start scripts executable.
 */
import { deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  data: Buffer;
  /** Unix permission bits, 0o644 unless given (0o755 for a script). */
  mode?: number;
  modifiedAt?: Date;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

/** The CRC-32 (ISO-HDLC) zip stores for every entry. */
export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** MS-DOS date and time, the only times zip's base headers hold (2-second steps, from 1980). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
const MADE_ON_UNIX = 3 << 8;

/** What an entry's local and central headers both hold, in the same order. */
interface EntryFields {
  stamp: { time: number; date: number };
  crc: number;
  compressedSize: number;
  size: number;
  nameLength: number;
}

/**
 * Writes the run the local and central headers share, from `at`: version needed to extract, flags,
 * method, time, date, CRC-32, compressed and uncompressed size, name length.
 */
function writeEntryFields(header: Buffer, at: number, fields: EntryFields): void {
  header.writeUInt16LE(VERSION, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(DEFLATE, at + 4);
  header.writeUInt16LE(fields.stamp.time, at + 6);
  header.writeUInt16LE(fields.stamp.date, at + 8);
  header.writeUInt32LE(fields.crc, at + 10);
  header.writeUInt32LE(fields.compressedSize, at + 14);
  header.writeUInt32LE(fields.size, at + 18);
  header.writeUInt16LE(fields.nameLength, at + 22);
}

/** Builds a zip archive of the entries, each deflated. */
export function zipArchive(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const fields: EntryFields = {
      stamp: dosDateTime(entry.modifiedAt ?? new Date()),
      crc: crc32(entry.data),
      compressedSize: compressed.length,
      size: entry.data.length,
      nameLength: name.length,
    };

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    // The extra field's length stays 0.
    locals.push(local, name, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_ON_UNIX | VERSION, 4);
    writeEntryFields(central, 6, fields);
    // Extra field, comment, disk number and internal attributes stay 0.
    central.writeUInt32LE(((0o100000 | (entry.mode ?? 0o644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);

    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
