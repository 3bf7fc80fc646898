/**
 * Serves the print plugin at its direct link, /downloads/print-plugin.zip: an archive made from
 * the helper program in this repository (src/print-helper) with its constants, README and a start
 * script per system, so every installation offers the helper of its own version. The archive's
 * config file allows this server's public address (PUBLIC_URL) only: never the request's Host,
 * which the caller writes, so a name pointed at this server cannot make an archive that lets its
 * own pages drive the local printer. Without the helper's files the address answers 404 and the
 * admin explains that the plugin is not available.
 *
 * The virtual printer, /downloads/virtual-printer.zip, is the same helper whose config offers the
 * folder printer only (`systemPrinters: false`): printing from the back office saves each
 * document as a PDF in a folder instead of sending it to a printer.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PLUGIN_DOWNLOADS, PRINT_HELPER } from '@shared/domain/print-helper.js';
import { routeNotFound } from './errors.js';
import { zipArchive, type ZipEntry } from './zip.js';

export const PRINT_PLUGIN_PATH = PLUGIN_DOWNLOADS.printPlugin;
export const VIRTUAL_PRINTER_PATH = PLUGIN_DOWNLOADS.virtualPrinter;

const HELPER_DIR = fileURLToPath(new URL('../../print-helper/', import.meta.url));
const CONSTANTS_FILE = fileURLToPath(new URL('../../shared/domain/print-helper.json', import.meta.url));
const FOLDER = 'print-helper';

/** The archive's files: source file, name in the archive, whether it is a start script. */
const FILES: readonly (readonly [string, string, boolean])[] = [
  [join(HELPER_DIR, 'print-helper.mjs'), 'print-helper.mjs', false],
  [CONSTANTS_FILE, 'print-helper.json', false],
  [join(HELPER_DIR, 'README.md'), 'README.md', false],
  [join(HELPER_DIR, 'start-windows.cmd'), 'start-windows.cmd', false],
  [join(HELPER_DIR, 'start-macos.command'), 'start-macos.command', true],
  [join(HELPER_DIR, 'start-linux.sh'), 'start-linux.sh', true],
];

/** The helper's files as archive entries, or null when one is missing (a trimmed installation). */
export function readPrintHelperFiles(): ZipEntry[] | null {
  if (!FILES.every(([source]) => existsSync(source))) return null;
  return FILES.map(([source, name, isScript]) => ({
    name: `${FOLDER}/${name}`,
    data: readFileSync(source),
    mode: isScript ? 0o755 : 0o644,
  }));
}

/**
 * The print plugin archive for pages of `origin`: the helper's files and a config allowing that
 * origin; as the virtual printer, a config that also turns the computer's printers off.
 */
export function printPluginArchive(
  files: readonly ZipEntry[],
  origin: string,
  kind: 'printPlugin' | 'virtualPrinter' = 'printPlugin',
): Buffer {
  const config =
    kind === 'virtualPrinter' ? { origins: [origin], systemPrinters: false } : { origins: [origin] };
  return zipArchive([
    ...files,
    {
      name: `${FOLDER}/print-helper.config.json`,
      data: Buffer.from(`${JSON.stringify(config, null, 2)}\n`),
    },
  ]);
}

/**
 * Registers the plugin's and the virtual printer's direct links (HEAD included, which the admin
 * asks before saving); each archive allows the origin of `publicUrl`, made once.
 */
export function registerPrintPluginDownload(app: FastifyInstance, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  const downloads = [
    { kind: 'printPlugin', path: PRINT_PLUGIN_PATH, fileName: PRINT_HELPER.name },
    { kind: 'virtualPrinter', path: VIRTUAL_PRINTER_PATH, fileName: 'virtual-printer' },
  ] as const;
  for (const download of downloads) {
    let archive: Buffer | undefined;
    app.get(download.path, (request, reply) => {
      const files = readPrintHelperFiles();
      if (!files) return routeNotFound(request, reply);
      archive ??= printPluginArchive(files, origin, download.kind);
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${download.fileName}-${PRINT_HELPER.version}.zip"`,
        )
        .header('cache-control', 'no-cache')
        .header('x-print-helper-version', PRINT_HELPER.version)
        .send(archive);
    });
  }
}
