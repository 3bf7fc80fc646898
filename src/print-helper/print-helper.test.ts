import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument as PdfLibDocument } from 'pdf-lib';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';

const PROGRAM = fileURLToPath(new URL('./print-helper.mjs', import.meta.url));
const ORIGIN = 'http://admin.test:5173';

function makePdf(text: string): Promise<Buffer> {
  return new Promise((done, fail) => {
    const document = new PDFDocument({ size: [283, 425] });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => done(Buffer.concat(chunks)));
    document.on('error', fail);
    document.text(text);
    document.end();
  });
}

interface Helper {
  base: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts the helper program as an operator would, on a free port, and reads the port it announces. */
function startHelper(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Helper> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [PROGRAM, '--port', '0', ...args], { env });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) done({ base: `http://127.0.0.1:${port}`, child, output: () => output });
    });
    child.on('exit', (code) => fail(new Error(`the helper exited with ${code}: ${output}`)));
  });
}

async function waitForJob(base: string, id: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${base}/jobs/${encodeURIComponent(id)}`, { headers: { origin: ORIGIN } });
    const job = (await response.json()) as {
      status: string;
      documents: { id: string; status: string; error?: string }[];
    };
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${id} never finished`);
}

function postJob(base: string, body: unknown, origin = ORIGIN) {
  return fetch(`${base}/jobs`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the print helper program', () => {
  it('prints its version', async () => {
    const child = spawn(process.execPath, [PROGRAM, '--version']);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => child.on('close', resolve));
    expect(output.trim()).toBe(PRINT_HELPER.version);
  });
});

describe('the print helper with its folder printer', () => {
  let helper: Helper;
  let folder: string;
  let pdf: Buffer;
  const work = mkdtempSync(join(tmpdir(), 'print-helper-test-'));

  beforeAll(async () => {
    folder = join(work, 'labels');
    pdf = await makePdf('SPX 123456789');
    helper = await startHelper([
      '--folder',
      folder,
      '--origin',
      ORIGIN,
      '--config',
      join(work, 'none.json'),
      '--no-system-printers',
    ]);
  });
  afterAll(() => {
    helper.child.kill();
    rmSync(work, { recursive: true, force: true });
  });

  it('tells its name, version and printers', async () => {
    const response = await fetch(`${helper.base}/status`, { headers: { origin: ORIGIN } });
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(await response.json()).toEqual({
      name: PRINT_HELPER.name,
      version: PRINT_HELPER.version,
      printers: [{ name: 'PDF folder', kind: 'folder', isDefault: true }],
    });
  });

  it('saves a posted PDF in the folder, byte for byte, and reports each document done', async () => {
    const response = await postJob(helper.base, {
      id: 'job-1',
      printer: 'PDF folder',
      title: 'Shopee waybills',
      documents: [
        { id: 'job-1:0', name: 'SPX123', data: pdf.toString('base64') },
        { id: 'job-1:1', name: 'SPX124.pdf', data: pdf.toString('base64') },
      ],
    });
    expect(response.status).toBe(202);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const job = await waitForJob(helper.base, 'job-1');
    expect(job.documents).toEqual([
      { id: 'job-1:0', name: 'SPX123', status: 'done' },
      { id: 'job-1:1', name: 'SPX124', status: 'done' },
    ]);
    expect(readdirSync(folder).sort()).toEqual(['job-1-SPX123.pdf', 'job-1-SPX124.pdf']);
    expect(readFileSync(join(folder, 'job-1-SPX123.pdf')).equals(pdf)).toBe(true);
  });

  it('answers a job id seen before with that job and prints nothing twice', async () => {
    const again = await postJob(helper.base, {
      id: 'job-1',
      printer: 'PDF folder',
      documents: [{ id: 'x', data: pdf.toString('base64') }],
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { documents: unknown[] }).documents).toHaveLength(2);
    expect(readdirSync(folder)).toHaveLength(2);
  });

  it('keeps names that climb out of the folder inside it', async () => {
    await postJob(helper.base, {
      id: 'job-2',
      printer: 'PDF folder',
      documents: [
        { id: 'a', name: '../../../escaped', data: pdf.toString('base64') },
        { id: 'b', name: '/etc/passwd', data: pdf.toString('base64') },
        { id: 'c', name: '..\\..\\win', data: pdf.toString('base64') },
      ],
    });
    expect((await waitForJob(helper.base, 'job-2')).documents.map((document) => document.status)).toEqual([
      'done',
      'done',
      'done',
    ]);
    expect(readdirSync(work).sort()).toEqual(['labels']);
    expect(readdirSync(folder).filter((name) => name.startsWith('job-2'))).toEqual(
      expect.arrayContaining(['job-2-escaped.pdf', 'job-2-etc_passwd.pdf', 'job-2-win.pdf']),
    );
  });

  it('refuses a job id that is a path', async () => {
    const response = await postJob(helper.base, {
      id: '../../x',
      printer: 'PDF folder',
      documents: [{ id: 'a', data: pdf.toString('base64') }],
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_job_id' });
  });

  it('refuses a document that is not a PDF, naming it, and prints none of the job', async () => {
    const response = await postJob(helper.base, {
      id: 'job-3',
      printer: 'PDF folder',
      documents: [
        { id: 'good', data: pdf.toString('base64') },
        { id: 'bad', data: Buffer.from('<html>not a label</html>').toString('base64') },
      ],
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'not_a_pdf', document: 'bad' });
    expect(readdirSync(folder).some((name) => name.startsWith('job-3'))).toBe(false);
  });

  it('refuses a file that only starts like a PDF: no trailer, cut off, or a startxref pointing nowhere', async () => {
    const eof = pdf.lastIndexOf('startxref');
    const offset = Number(/startxref\s+(\d+)/.exec(pdf.subarray(eof).toString('latin1'))?.[1]);
    const broken: [string, Buffer, RegExp][] = [
      ['header-only', Buffer.from('%PDF-1.7\n<html>an error page</html>\n'), /%%EOF/],
      ['cut-off', pdf.subarray(0, Math.floor(pdf.length * 0.6)), /%%EOF/],
      ['no-startxref', Buffer.concat([pdf.subarray(0, eof), Buffer.from('%%EOF\n')]), /startxref/],
      [
        'wrong-offset',
        Buffer.from(
          pdf.toString('latin1').replace(`startxref\n${offset}`, `startxref\n${offset - 40}`),
          'latin1',
        ),
        /cross-reference/,
      ],
      [
        'outside',
        Buffer.from(pdf.toString('latin1').replace(`startxref\n${offset}`, 'startxref\n99999999'), 'latin1'),
        /outside the file/,
      ],
    ];
    for (const [id, bytes, reason] of broken) {
      const response = await postJob(helper.base, {
        id: `broken-${id}`,
        printer: 'PDF folder',
        documents: [{ id, data: bytes.toString('base64') }],
      });
      expect(response.status, id).toBe(415);
      const body = (await response.json()) as { error: string; document: string; message: string };
      expect(body).toMatchObject({ error: 'not_a_pdf', document: id });
      expect(body.message, id).toMatch(new RegExp(`^Document ${id} is not a whole PDF: `));
      expect(body.message, id).toMatch(reason);
    }
    expect(readdirSync(folder).some((name) => name.startsWith('broken-'))).toBe(false);
  });

  it('takes a PDF whose cross-references are a stream, as pdf-lib and newer tools write them', async () => {
    const document = await PdfLibDocument.create();
    document.addPage([283, 425]).drawText('LEX 0001');
    const bytes = Buffer.from(await document.save({ useObjectStreams: true }));
    expect(bytes.includes(Buffer.from('/XRef'))).toBe(true);
    const response = await postJob(helper.base, {
      id: 'xref-stream',
      printer: 'PDF folder',
      documents: [{ id: 'xref-stream:0', data: bytes.toString('base64') }],
    });
    expect(response.status).toBe(202);
    expect((await waitForJob(helper.base, 'xref-stream')).status).toBe('done');
  });

  it('refuses an unknown printer', async () => {
    const response = await postJob(helper.base, {
      id: 'job-4',
      printer: 'Nowhere',
      documents: [{ id: 'a', data: pdf.toString('base64') }],
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'unknown_printer', printer: 'Nowhere' });
  });

  it('refuses pages of other origins, preflight included, with no CORS answer', async () => {
    const preflight = await fetch(`${helper.base}/jobs`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const post = await postJob(helper.base, { id: 'job-5' }, 'https://evil.example');
    expect(post.status).toBe(403);
    expect(await post.json()).toMatchObject({ error: 'forbidden_origin' });
    const status = await fetch(`${helper.base}/status`, { headers: { origin: 'https://evil.example' } });
    expect(status.status).toBe(403);
  });

  it('answers an allowed preflight with Private Network Access', async () => {
    const preflight = await fetch(`${helper.base}/jobs`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-private-network': 'true',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-private-network')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('takes jobs from pages only, never from a request without an origin', async () => {
    const response = await fetch(`${helper.base}/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'job-6', printer: 'PDF folder', documents: [] }),
    });
    expect(response.status).toBe(403);
  });
});

describe('the print helper on a small size limit', () => {
  const work = mkdtempSync(join(tmpdir(), 'print-helper-limit-'));
  let helper: Helper;
  beforeAll(async () => {
    const config = join(work, 'config.json');
    writeFileSync(config, JSON.stringify({ origins: [ORIGIN], folder: join(work, 'out') }));
    helper = await startHelper(['--config', config, '--no-system-printers'], {
      ...process.env,
      PRINT_HELPER_MAX_DOCUMENT_BYTES: '2048',
    });
  });
  afterAll(() => {
    helper.child.kill();
    rmSync(work, { recursive: true, force: true });
  });

  it('refuses a document over the limit, naming it', async () => {
    const large = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20)]);
    const response = await postJob(helper.base, {
      id: 'big',
      printer: 'PDF folder',
      documents: [{ id: 'big:0', data: large.toString('base64') }],
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too_large', document: 'big:0' });
  });

  it('refuses a body over the job limit before reading it all', async () => {
    const response = await fetch(`${helper.base}/jobs`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: 'x'.repeat(2048 * PRINT_HELPER.maxDocumentsPerJob * 2 + 2 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'too_large' });
  });
});

describe('the print helper with CUPS printers', () => {
  const work = mkdtempSync(join(tmpdir(), 'print-helper-cups-'));
  const bin = join(work, 'bin');
  const log = join(work, 'lp.log');
  let helper: Helper;

  beforeAll(async () => {
    const { mkdirSync } = await import('node:fs');
    mkdirSync(bin);
    // A fake CUPS: lpstat lists two printers, lp records its arguments and the file it was given.
    writeFileSync(
      join(bin, 'lpstat'),
      [
        '#!/bin/sh',
        'if [ "$1" = "-e" ]; then printf "Zebra_ZD420\\nOffice_Laser\\n"; exit 0; fi',
        'if [ "$1" = "-d" ]; then echo "system default destination: Office_Laser"; exit 0; fi',
        'exit 1',
      ].join('\n'),
    );
    writeFileSync(
      join(bin, 'lp'),
      [
        '#!/bin/sh',
        `for argument in "$@"; do printf '%s\\n' "$argument" >> "${log}"; done`,
        `eval last=\\\${$#}`,
        `head -c 5 "$last" >> "${log}"; printf '\\n---\\n' >> "${log}"`,
        'case "$2" in Office_Laser) echo "lp: Error - printer is out of paper" >&2; exit 1;; esac',
        'echo "request id is $2-1 (1 file(s))"',
      ].join('\n'),
    );
    chmodSync(join(bin, 'lpstat'), 0o755);
    chmodSync(join(bin, 'lp'), 0o755);
    helper = await startHelper(
      ['--origin', ORIGIN, '--folder', join(work, 'out'), '--config', join(work, 'no.json')],
      {
        ...process.env,
        PATH: `${bin}:${process.env.PATH ?? ''}`,
      },
    );
  });
  afterAll(() => {
    helper.child.kill();
    rmSync(work, { recursive: true, force: true });
  });

  it('lists the CUPS printers with the default one, and the folder printer', async () => {
    const status = (await (await fetch(`${helper.base}/status`, { headers: { origin: ORIGIN } })).json()) as {
      printers: unknown[];
    };
    expect(status.printers).toEqual([
      { name: 'Zebra_ZD420', kind: 'system', isDefault: false },
      { name: 'Office_Laser', kind: 'system', isDefault: true },
      { name: 'PDF folder', kind: 'folder', isDefault: false },
    ]);
  });

  it("as the virtual printer (its config's systemPrinters: false) offers only the folder printer and saves there", async () => {
    const config = join(work, 'virtual.json');
    const out = join(work, 'virtual-out');
    writeFileSync(config, JSON.stringify({ origins: [ORIGIN], folder: out, systemPrinters: false }));
    const virtual = await startHelper(['--config', config], {
      ...process.env,
      PATH: `${bin}:${process.env.PATH ?? ''}`,
    });
    try {
      const status = (await (
        await fetch(`${virtual.base}/status`, { headers: { origin: ORIGIN } })
      ).json()) as {
        printers: unknown[];
      };
      expect(status.printers).toEqual([{ name: 'PDF folder', kind: 'folder', isDefault: true }]);
      const pdf = await makePdf('virtual');
      await postJob(virtual.base, {
        id: 'virtual-1',
        printer: 'PDF folder',
        documents: [{ id: 'virtual-1:0', name: 'SPX1', data: pdf.toString('base64') }],
      });
      expect((await waitForJob(virtual.base, 'virtual-1')).status).toBe('done');
      expect(readFileSync(join(out, 'virtual-1-SPX1.pdf')).equals(pdf)).toBe(true);
    } finally {
      virtual.child.kill();
    }
  });

  it('prints each document with lp, printer and title as separate arguments', async () => {
    const pdf = await makePdf('label');
    await postJob(helper.base, {
      id: 'cups-1',
      printer: 'Zebra_ZD420',
      title: 'Shopee; rm -rf ~',
      documents: [
        { id: 'cups-1:0', data: pdf.toString('base64') },
        { id: 'cups-1:1', data: pdf.toString('base64') },
      ],
    });
    expect((await waitForJob(helper.base, 'cups-1')).documents.map((document) => document.status)).toEqual([
      'done',
      'done',
    ]);
    const calls = readFileSync(log, 'utf8').split('---\n').filter(Boolean);
    expect(calls).toHaveLength(2);
    const lines = (calls[0] ?? '').trim().split('\n');
    // No print type named: the default, 6, the 100 × 150 mm label, each page fitted to it.
    expect(lines.slice(0, 8)).toEqual([
      '-d',
      'Zebra_ZD420',
      '-t',
      'Shopee; rm -rf ~ cups-1:0',
      '-o',
      'media=Custom.100x150mm',
      '-o',
      'fit-to-page',
    ]);
    expect(lines[8]).toMatch(/cups-1_0\.pdf$/);
    expect(lines[9]).toBe('%PDF-');
  });

  it('prints on the paper of the print type named, and refuses a print type it does not know', async () => {
    const pdf = await makePdf('sheet');
    const before = readFileSync(log, 'utf8').split('---\n').filter(Boolean).length;
    await postJob(helper.base, {
      id: 'cups-a4',
      printer: 'Zebra_ZD420',
      printType: 4,
      documents: [{ id: 'cups-a4:0', data: pdf.toString('base64') }],
    });
    expect((await waitForJob(helper.base, 'cups-a4')).status).toBe('done');
    const calls = readFileSync(log, 'utf8').split('---\n').filter(Boolean);
    expect(calls[before]?.split('\n')).toContain('media=A4');
    const refused = await fetch(`${helper.base}/jobs`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({
        id: 'cups-7',
        printer: 'Zebra_ZD420',
        printType: 7,
        documents: [{ id: 'cups-7:0', data: pdf.toString('base64') }],
      }),
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('bad_print_type');
    expect(readFileSync(log, 'utf8').split('---\n').filter(Boolean)).toHaveLength(before + 1);
  });

  it("reports lp's error for the document it failed", async () => {
    const pdf = await makePdf('label');
    await postJob(helper.base, {
      id: 'cups-2',
      printer: 'Office_Laser',
      documents: [{ id: 'cups-2:0', data: pdf.toString('base64') }],
    });
    expect((await waitForJob(helper.base, 'cups-2')).documents).toEqual([
      { id: 'cups-2:0', name: 'cups-2_0', status: 'failed', error: 'lp: Error - printer is out of paper' },
    ]);
  });
});
