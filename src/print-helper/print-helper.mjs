#!/usr/bin/env node
// @ts-check
/**
 * The local print helper: a small HTTP+JSON service on the operator's computer that prints the
 * PDFs the back office sends it. It listens on loopback only (127.0.0.1), on a fixed port or, when
 * that one is taken, a spare one. Node built-ins only, so it runs with a plain `node`.
 *
 *   GET  /status    → { name, version, printers: [{ name, kind: 'system' | 'folder', isDefault }] }
 *   POST /jobs      ← { id, printer, title?, printType?, documents: [{ id, name?, data: base64 PDF }] }
 *                   → the job (202; a job id seen before answers the same job, 200, and prints nothing)
 *   GET  /jobs/:id  → { id, printer, status, documents: [{ id, status, error? }] }
 *
 * Printers are the computer's CUPS destinations (`lpstat -e`, printed with `lp`) where CUPS exists,
 * and one folder printer, always present, that saves each document as a PDF file in a folder.
 * Only pages whose Origin is allowed get an answer a browser lets them read; nothing is kept on
 * disk except what the folder printer writes, inside its folder. Jobs print one document at a time.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { homedir, tmpdir } from 'node:os';
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/**
 * The constants shared with the back office: beside the program in the downloaded archive, in the
 * shared domain folder in the repository.
 * @returns {{ name: string, version: string, minimumVersion: string, ports: number[], maxDocumentBytes: number, maxDocumentsPerJob: number, printTypes: Record<string, string>, defaultPrintType: number }}
 */
function readConstants() {
  const candidates = [
    join(HERE, 'print-helper.json'),
    join(HERE, '..', 'shared', 'domain', 'print-helper.json'),
  ];
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`print-helper.json not found beside ${HERE}`);
  return JSON.parse(readFileSync(found, 'utf8'));
}

export const CONSTANTS = readConstants();
export const FOLDER_PRINTER = 'PDF folder';
const DEFAULT_ORIGINS = [
  'http://localhost:5173',
  'http://127.0.0.1:5173',
  'http://localhost:8080',
  'http://127.0.0.1:8080',
];
const JOB_ID = /^[A-Za-z0-9][A-Za-z0-9:._-]{0,127}$/;
const DOCUMENT_ID = /^[A-Za-z0-9][A-Za-z0-9:._-]{0,127}$/;
const KEPT_JOBS = 500;
const COMMAND_TIMEOUT_MS = 60_000;

/**
 * @typedef {{ ports: number[], origins: string[], folder: string, folderPrinterName: string,
 *   maxDocumentBytes: number, maxDocumentsPerJob: number, useSystemPrinters: boolean }} Options
 * @typedef {{ name: string, kind: 'system' | 'folder', isDefault: boolean }} Printer
 * @typedef {{ id: string, name: string, status: 'queued' | 'printing' | 'done' | 'failed', error?: string, bytes?: Buffer }} JobDocument
 * @typedef {{ id: string, printer: string, kind: 'system' | 'folder', title: string, media: string, createdAt: string, documents: JobDocument[] }} Job
 */

class HttpError extends Error {
  /** @param {number} status @param {string} code @param {string} message @param {Record<string, unknown>} [details] */
  constructor(status, code, message, details = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** A file name safe in any folder: letters, digits, dot, dash and underscore; never a dot first. */
export function safeFileName(name, fallback = 'document') {
  const cleaned = String(name)
    .normalize('NFC')
    .replace(/\.pdf$/i, '')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return cleaned || fallback;
}

/**
 * Runs a program with an argument list (never through a shell) and collects its output.
 * @param {string} command @param {string[]} args
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string }>}
 */
function run(command, args) {
  return new Promise((done) => {
    let stdout = '';
    let stderr = '';
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: COMMAND_TIMEOUT_MS });
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => done({ code: null, stdout, stderr: error.message }));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** True when a program is on the PATH. @param {string} command */
function onPath(command) {
  const names = process.platform === 'win32' ? [`${command}.exe`, `${command}.cmd`] : [command];
  return (process.env.PATH ?? '')
    .split(delimiter)
    .some((folder) => folder && names.some((name) => existsSync(join(folder, name))));
}

/**
 * The CUPS destinations (macOS, Linux): `lpstat -e` names them, `lpstat -d` the default one.
 * @returns {Promise<Printer[]>}
 */
async function systemPrinters() {
  if (!onPath('lpstat') || !onPath('lp')) return [];
  const [listed, fallback] = await Promise.all([run('lpstat', ['-e']), run('lpstat', ['-d'])]);
  if (listed.code !== 0) return [];
  const defaultName = /:\s*(\S+)\s*$/.exec(fallback.stdout.trim())?.[1];
  return listed.stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((name) => ({ name, kind: /** @type {const} */ ('system'), isDefault: name === defaultName }));
}

/** Reads a request body up to a limit; a longer body is refused before it is all read. */
function readBody(request, limit) {
  return new Promise((done, fail) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > limit) {
      fail(new HttpError(413, 'too_large', `The request is larger than ${limit} bytes.`));
      request.resume();
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        fail(new HttpError(413, 'too_large', `The request is larger than ${limit} bytes.`));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => done(Buffer.concat(chunks)));
    request.on('error', fail);
  });
}

/** The public face of a job: no document bytes. @param {Job} job */
function jobView(job) {
  const statuses = job.documents.map((document) => document.status);
  const status = statuses.every((value) => value === 'done')
    ? 'done'
    : statuses.every((value) => value === 'done' || value === 'failed')
      ? 'failed'
      : statuses.some((value) => value !== 'queued')
        ? 'printing'
        : 'queued';
  return {
    id: job.id,
    printer: job.printer,
    title: job.title,
    createdAt: job.createdAt,
    status,
    documents: job.documents.map(({ id, name, status: documentStatus, error }) => ({
      id,
      name,
      status: documentStatus,
      ...(error ? { error } : {}),
    })),
  };
}

/**
 * Checks a job as posted and decodes its documents. Every document must be a PDF within the size limit.
 * @param {unknown} body @param {Options} options @param {Printer[]} printers
 * @returns {Job}
 */
function parseJob(body, options, printers) {
  if (!body || typeof body !== 'object')
    throw new HttpError(400, 'bad_request', 'The body must be a JSON object.');
  const { id, printer, title, printType, documents } = /** @type {Record<string, unknown>} */ (body);
  const type = printType ?? CONSTANTS.defaultPrintType;
  const media = CONSTANTS.printTypes[String(type)];
  if (typeof type !== 'number' || media === undefined)
    throw new HttpError(
      400,
      'bad_print_type',
      `The print type must be one of ${Object.keys(CONSTANTS.printTypes).join(', ')}.`,
    );
  if (typeof id !== 'string' || !JOB_ID.test(id))
    throw new HttpError(400, 'bad_job_id', 'The job id must be 1–128 letters, digits, ".", ":", "_" or "-".');
  if (typeof printer !== 'string') throw new HttpError(400, 'bad_request', 'Name a printer.');
  const target = printers.find((known) => known.name === printer);
  if (!target)
    throw new HttpError(404, 'unknown_printer', `There is no printer named "${printer}".`, { printer });
  if (!Array.isArray(documents) || documents.length === 0 || documents.length > options.maxDocumentsPerJob)
    throw new HttpError(400, 'bad_documents', `Send 1 to ${options.maxDocumentsPerJob} documents.`);
  const seen = new Set();
  const parsed = documents.map((document, index) => {
    const { id: documentId, name, data } = document ?? {};
    if (typeof documentId !== 'string' || !DOCUMENT_ID.test(documentId) || seen.has(documentId))
      throw new HttpError(400, 'bad_document_id', `Document ${index + 1} needs its own id.`, { index });
    seen.add(documentId);
    if (typeof data !== 'string')
      throw new HttpError(400, 'bad_request', 'A document carries its PDF as base64 data.');
    if (data.length > Math.ceil(options.maxDocumentBytes / 3) * 4 + 4)
      throw new HttpError(
        413,
        'too_large',
        `A document may hold at most ${options.maxDocumentBytes} bytes.`,
        {
          document: documentId,
        },
      );
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length > options.maxDocumentBytes)
      throw new HttpError(
        413,
        'too_large',
        `A document may hold at most ${options.maxDocumentBytes} bytes.`,
        {
          document: documentId,
        },
      );
    const problem = pdfStructureProblem(bytes);
    if (problem)
      throw new HttpError(415, 'not_a_pdf', `Document ${documentId} is not a whole PDF: ${problem}.`, {
        document: documentId,
        reason: problem,
      });
    return {
      id: documentId,
      name: safeFileName(typeof name === 'string' ? name : documentId),
      status: /** @type {const} */ ('queued'),
      bytes,
    };
  });
  return {
    id,
    printer: target.name,
    kind: target.kind,
    title: typeof title === 'string' && title.trim() ? title.trim().slice(0, 200) : id,
    media,
    createdAt: new Date().toISOString(),
    documents: parsed,
  };
}

/** How far from the end the trailer is looked for: PDF readers allow %%EOF within the last 1 KB. */
const TRAILER_WINDOW = 1024;

/**
 * What is wrong with a file that should be a PDF, or null when its frame is whole: the `%PDF-x.y`
 * header, an `%%EOF` near the end, and the last `startxref` before it pointing inside the file at
 * a cross-reference table (`xref`) or a cross-reference stream (`n g obj << … /Type /XRef`). A
 * cheap check of the frame only, no parsing of pages: it catches an error page, a file cut off in
 * transfer and text that merely starts with `%PDF-`, which a printer would print as garbage or not
 * at all.
 * @param {Buffer} bytes
 * @returns {string | null}
 */
export function pdfStructureProblem(bytes) {
  if (!/^%PDF-\d\.\d/.test(bytes.subarray(0, 8).toString('latin1')))
    return 'it does not start with a %PDF-1.x header';
  const tailStart = Math.max(0, bytes.length - TRAILER_WINDOW);
  const tail = bytes.subarray(tailStart).toString('latin1');
  const eof = tail.lastIndexOf('%%EOF');
  if (eof < 0) return 'it has no %%EOF at its end (cut off?)';
  const trailers = [...tail.slice(0, eof).matchAll(/startxref\s+(\d+)\s*$/g)];
  const trailer = trailers[trailers.length - 1];
  if (!trailer) return 'it has no startxref before its %%EOF';
  const offset = Number(trailer[1]);
  if (!Number.isSafeInteger(offset) || offset <= 0 || offset >= tailStart + (trailer.index ?? 0))
    return `its startxref (${trailer[1]}) points outside the file`;
  const target = bytes.subarray(offset, offset + 512).toString('latin1');
  if (/^\s*xref\b/.test(target)) return null;
  const stream = /^\s*\d+\s+\d+\s+obj\s*<<([\s\S]*)/.exec(target);
  if (stream && /\/Type\s*\/XRef\b/.test(stream[1] ?? '')) return null;
  return `its startxref (${offset}) does not point at a cross-reference table or stream`;
}

/**
 * Saves a document in the folder under a name made from the job and the document, never replacing
 * a file already there and never leaving the folder.
 * @param {string} folder @param {Job} job @param {JobDocument} document
 */
async function saveToFolder(folder, job, document) {
  await mkdir(folder, { recursive: true });
  const base = `${safeFileName(job.id, 'job')}-${document.name}`;
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const target = resolve(folder, `${base}${attempt === 0 ? '' : `-${attempt}`}.pdf`);
    const inside = relative(folder, target);
    if (inside.startsWith('..') || isAbsolute(inside)) throw new Error('The file name leaves the folder.');
    try {
      await writeFile(target, document.bytes ?? Buffer.alloc(0), { flag: 'wx' });
      return target;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
  }
  throw new Error('Too many files with the same name.');
}

/** Prints a document on a CUPS destination through a private temporary file. @param {Job} job @param {JobDocument} document */
async function printWithLp(job, document) {
  const folder = await mkdtemp(join(tmpdir(), 'print-helper-'));
  try {
    const file = join(folder, `${document.name}.pdf`);
    await writeFile(file, document.bytes ?? Buffer.alloc(0));
    // The print type's paper, each page fitted to it (a label PDF of another size still fits).
    const result = await run('lp', [
      '-d',
      job.printer,
      '-t',
      `${job.title} ${document.id}`,
      '-o',
      `media=${job.media}`,
      '-o',
      'fit-to-page',
      file,
    ]);
    if (result.code !== 0)
      throw new Error((result.stderr || result.stdout || `lp exited with ${result.code}`).trim());
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** @param {Partial<Options>} given @returns {Options} */
export function resolveOptions(given = {}) {
  return {
    ports: given.ports ?? CONSTANTS.ports,
    origins: given.origins ?? DEFAULT_ORIGINS,
    folder: resolve(given.folder ?? join(homedir(), 'print-helper-pdfs')),
    folderPrinterName: given.folderPrinterName ?? FOLDER_PRINTER,
    maxDocumentBytes: given.maxDocumentBytes ?? CONSTANTS.maxDocumentBytes,
    maxDocumentsPerJob: given.maxDocumentsPerJob ?? CONSTANTS.maxDocumentsPerJob,
    useSystemPrinters: given.useSystemPrinters ?? true,
  };
}

/**
 * Starts the helper on the first free port of the list.
 * @param {Partial<Options>} given
 * @returns {Promise<{ port: number, options: Options, close: () => Promise<void> }>}
 */
export async function startPrintHelper(given = {}) {
  const options = resolveOptions(given);
  /** @type {Map<string, Job>} */
  const jobs = new Map();
  /** @type {Job[]} */
  const queue = [];
  let isWorking = false;
  let port = 0;

  /** The CUPS destinations and the folder printer, which is the default when CUPS names none. */
  const printers = async () => {
    const system = options.useSystemPrinters ? await systemPrinters() : [];
    const folder = {
      name: options.folderPrinterName,
      kind: /** @type {const} */ ('folder'),
      isDefault: !system.some((printer) => printer.isDefault),
    };
    return [...system, folder];
  };

  async function work() {
    if (isWorking) return;
    isWorking = true;
    try {
      for (let job = queue.shift(); job; job = queue.shift()) {
        for (const document of job.documents) {
          document.status = 'printing';
          try {
            if (job.kind === 'folder') await saveToFolder(options.folder, job, document);
            else await printWithLp(job, document);
            document.status = 'done';
          } catch (error) {
            document.status = 'failed';
            document.error = error instanceof Error ? error.message : String(error);
          }
          delete document.bytes;
        }
      }
    } finally {
      isWorking = false;
    }
  }

  function remember(job) {
    jobs.set(job.id, job);
    for (const [id, kept] of jobs) {
      if (jobs.size <= KEPT_JOBS) break;
      if (!queue.includes(kept)) jobs.delete(id);
    }
  }

  /** @param {import('node:http').IncomingMessage} request @param {import('node:http').ServerResponse} response */
  async function handle(request, response) {
    const origin = request.headers.origin;
    const send = (status, body, headers = {}) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
      response.end(JSON.stringify(body));
    };
    // A page on another site that renamed itself 127.0.0.1 (DNS rebinding) still sends its own host.
    const host = (request.headers.host ?? '').toLowerCase();
    if (host !== `127.0.0.1:${port}` && host !== `localhost:${port}`)
      return send(403, { error: 'forbidden_host', message: 'Use http://127.0.0.1.' });
    if (origin !== undefined && !options.origins.includes(origin))
      return send(403, { error: 'forbidden_origin', message: `The origin ${origin} is not allowed.` });
    const cors = origin
      ? {
          'access-control-allow-origin': origin,
          vary: 'Origin',
          'access-control-expose-headers': 'content-type',
        }
      : {};
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);

    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        // Chrome asks before a public page reaches the loopback address space (Local Network Access).
        'access-control-allow-private-network': 'true',
        'access-control-max-age': '600',
      });
      return response.end();
    }
    try {
      if (request.method === 'GET' && url.pathname === '/status') {
        return send(
          200,
          { name: CONSTANTS.name, version: CONSTANTS.version, printers: await printers() },
          cors,
        );
      }
      // Jobs are for allowed pages only: a request without an Origin is not a page of the back office.
      if (!origin) throw new HttpError(403, 'forbidden_origin', 'Send jobs from the back office.');
      if (request.method === 'POST' && url.pathname === '/jobs') {
        const type = request.headers['content-type'] ?? '';
        if (!/^application\/json\b/i.test(type))
          throw new HttpError(415, 'bad_content_type', 'Send the job as application/json.');
        const limit =
          Math.ceil((options.maxDocumentBytes * options.maxDocumentsPerJob * 4) / 3) + 1024 * 1024;
        const raw = await readBody(request, limit);
        let body;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new HttpError(400, 'bad_request', 'The body is not JSON.');
        }
        const id = body && typeof body === 'object' ? body.id : undefined;
        const known = typeof id === 'string' ? jobs.get(id) : undefined;
        if (known) return send(200, jobView(known), cors);
        const job = parseJob(body, options, await printers());
        remember(job);
        queue.push(job);
        void work();
        return send(202, jobView(job), cors);
      }
      const match = /^\/jobs\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match) {
        const job = jobs.get(decodeURIComponent(match[1] ?? ''));
        if (!job) throw new HttpError(404, 'job_not_found', 'No such job.');
        return send(200, jobView(job), cors);
      }
      throw new HttpError(404, 'not_found', 'No such address.');
    } catch (error) {
      if (error instanceof HttpError)
        return send(error.status, { error: error.code, message: error.message, ...error.details }, cors);
      return send(
        500,
        { error: 'internal', message: error instanceof Error ? error.message : String(error) },
        cors,
      );
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  server.requestTimeout = 120_000;
  let lastError;
  for (const candidate of options.ports) {
    try {
      await new Promise((done, fail) => {
        server.once('error', fail);
        server.listen(candidate, '127.0.0.1', () => {
          server.off('error', fail);
          done(undefined);
        });
      });
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : candidate;
      return {
        port,
        options,
        close: () => new Promise((done) => server.close(() => done())),
      };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError ?? new Error('No port to listen on.');
}

const HELP = `Usage: node print-helper.mjs [options]
  --port <n>           listen on this port only (default ${CONSTANTS.ports.join(', then ')})
  --origin <url>       allow this back-office origin (repeat for several)
  --folder <path>      where the folder printer saves PDFs (default ~/print-helper-pdfs)
  --config <file>      a JSON file with port, origins, folder, systemPrinters
                       (default print-helper.config.json beside the program)
  --no-system-printers offer the folder printer only
  --version            print the version and exit
Environment: PRINT_HELPER_ORIGINS (comma-separated), PRINT_HELPER_FOLDER, PRINT_HELPER_MAX_DOCUMENT_BYTES.`;

/** Reads the options from the config file, the environment and the command line, later ones winning. */
export function optionsFromCommandLine(argv, env = process.env) {
  /** @type {Partial<Options>} */
  const given = {};
  let configFile = join(HERE, 'print-helper.config.json');
  const origins = [];
  const flags = { version: false, help: false };
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = () => {
      const next = argv[index + 1];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      index += 1;
      return next;
    };
    if (flag === '--version') flags.version = true;
    else if (flag === '--help' || flag === '-h') flags.help = true;
    else if (flag === '--port') given.ports = [Number(value())];
    else if (flag === '--origin') origins.push(value());
    else if (flag === '--folder') given.folder = value();
    else if (flag === '--config') configFile = resolve(value());
    else if (flag === '--no-system-printers') given.useSystemPrinters = false;
    else throw new Error(`Unknown option ${flag}\n${HELP}`);
  }
  const config = existsSync(configFile) ? JSON.parse(readFileSync(configFile, 'utf8')) : {};
  const merged = {
    ...(typeof config.port === 'number' ? { ports: [config.port] } : {}),
    ...(Array.isArray(config.origins) ? { origins: config.origins.map(String) } : {}),
    ...(typeof config.folder === 'string' ? { folder: config.folder } : {}),
    ...(typeof config.maxDocumentBytes === 'number' ? { maxDocumentBytes: config.maxDocumentBytes } : {}),
    // The virtual printer's archive: the folder printer alone, whatever printers the computer has.
    ...(config.systemPrinters === false ? { useSystemPrinters: false } : {}),
    ...(env.PRINT_HELPER_MAX_DOCUMENT_BYTES
      ? { maxDocumentBytes: Number(env.PRINT_HELPER_MAX_DOCUMENT_BYTES) }
      : {}),
    ...(env.PRINT_HELPER_ORIGINS
      ? { origins: env.PRINT_HELPER_ORIGINS.split(',').map((o) => o.trim()) }
      : {}),
    ...(env.PRINT_HELPER_FOLDER ? { folder: env.PRINT_HELPER_FOLDER } : {}),
    ...given,
    ...(origins.length > 0 ? { origins } : {}),
  };
  if (merged.maxDocumentBytes !== undefined && !(merged.maxDocumentBytes > 0))
    throw new Error('maxDocumentBytes takes a positive number');
  if (merged.ports?.some((port) => !Number.isInteger(port) || port < 0 || port > 65535))
    throw new Error('--port takes a number from 0 to 65535');
  return { options: merged, flags };
}

async function main() {
  const { options, flags } = optionsFromCommandLine(process.argv.slice(2));
  if (flags.version) return process.stdout.write(`${CONSTANTS.version}\n`);
  if (flags.help) return process.stdout.write(`${HELP}\n`);
  const started = await startPrintHelper(options);
  process.stdout.write(
    `${CONSTANTS.name} ${CONSTANTS.version} listening on http://127.0.0.1:${started.port}\n` +
      `allowed origins: ${started.options.origins.join(', ')}\n` +
      `folder printer "${started.options.folderPrinterName}" saves to ${started.options.folder}\n`,
  );
  const stop = () => void started.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
