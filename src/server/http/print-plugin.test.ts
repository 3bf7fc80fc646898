import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';
import { printPluginArchive, readPrintHelperFiles } from './print-plugin.js';
import { crc32, zipArchive } from './zip.js';

interface Read {
  name: string;
  data: Buffer;
  mode: number;
}

/** Reads a zip back through its central directory, checking each entry's CRC-32 and size. */
function readZip(zip: Buffer): Read[] {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Read[] = [];
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const crc = zip.readUInt32LE(at + 16);
    const compressedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = inflateRawSync(zip.subarray(start, start + compressedSize));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    entries.push({ name, data, mode: mode & 0o777 });
    at += 46 + nameLength;
  }
  return entries;
}

describe('the zip writer', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });

  it('writes deflated entries that read back byte for byte, UTF-8 names included', () => {
    const text = Buffer.from('面单 label\n'.repeat(500));
    const zip = zipArchive([
      { name: 'a/面单.txt', data: text },
      { name: 'a/run.sh', data: Buffer.from('#!/bin/sh\n'), mode: 0o755 },
      { name: 'a/empty', data: Buffer.alloc(0) },
    ]);
    expect(zip.length).toBeLessThan(text.length);
    expect(readZip(zip).map(({ name, data, mode }) => [name, data.toString(), mode])).toEqual([
      ['a/面单.txt', text.toString(), 0o644],
      ['a/run.sh', '#!/bin/sh\n', 0o755],
      ['a/empty', '', 0o644],
    ]);
  });
});

describe('the print plugin archive', () => {
  const files = readPrintHelperFiles();

  it('holds the helper program, its constants, README, a start script per system and a config for the site', () => {
    expect(files).not.toBeNull();
    const entries = readZip(printPluginArchive(files ?? [], 'https://wms.example.com'));
    expect(entries.map((entry) => entry.name).sort()).toEqual(
      [
        'print-helper/README.md',
        'print-helper/print-helper.config.json',
        'print-helper/print-helper.json',
        'print-helper/print-helper.mjs',
        'print-helper/start-linux.sh',
        'print-helper/start-macos.command',
        'print-helper/start-windows.cmd',
      ].sort(),
    );
    const byName = new Map(entries.map((entry) => [entry.name.replace('print-helper/', ''), entry]));
    expect(JSON.parse(byName.get('print-helper.json')?.data.toString() ?? '{}')).toMatchObject({
      version: PRINT_HELPER.version,
    });
    expect(JSON.parse(byName.get('print-helper.config.json')?.data.toString() ?? '{}')).toEqual({
      origins: ['https://wms.example.com'],
    });
    expect(byName.get('start-linux.sh')?.mode).toBe(0o755);
    expect(byName.get('start-macos.command')?.mode).toBe(0o755);
  });

  it('unpacks into a helper that runs with plain node and tells its version', () => {
    const folder = mkdtempSync(join(tmpdir(), 'print-plugin-'));
    try {
      const entries = readZip(printPluginArchive(files ?? [], 'http://localhost:8080'));
      mkdirSync(join(folder, 'print-helper'));
      for (const entry of entries) writeFileSync(join(folder, entry.name), entry.data, { mode: entry.mode });
      expect(statSync(join(folder, 'print-helper/start-linux.sh')).mode & 0o111).not.toBe(0);
      const output = execFileSync(process.execPath, [
        join(folder, 'print-helper/print-helper.mjs'),
        '--version',
      ]);
      expect(output.toString().trim()).toBe(PRINT_HELPER.version);
      expect(readFileSync(join(folder, 'print-helper/README.md'), 'utf8')).toContain('# Print helper');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
