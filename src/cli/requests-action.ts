/**
 * What the `felicity requests` subcommands do once their arguments are parsed (requests.ts defines
 * them), with the work in src/benchmark/requests. Loaded only when one runs, so that `felicity --help`
 * does not load the request validator or the miner.
 */
import { readFile } from 'node:fs/promises';
import { validateRequestsText } from '../benchmark/requests/validate-requests.ts';
import { formatProblem, RequestFileError } from '../benchmark/requests/request-problem.ts';
import { composition, formatCompositionTable } from '../benchmark/requests/request-stats.ts';
import { requestSetHash } from '../benchmark/requests/request-set-hash.ts';
import { readCorpusRows, type Corpus } from '../benchmark/requests/corpus-rows.ts';
import { mineCandidates } from '../benchmark/requests/mine-requests.ts';
import { openOutput } from './output-file.ts';

/** Where the command reads and writes; tests pass their own. */
export interface RequestsIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  readStdin: () => Promise<string>;
  setExitCode: (code: number) => void;
}

async function readInput(path: string, io: RequestsIO): Promise<string> {
  if (path === '-') return io.readStdin();
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    throw new RequestFileError({ file: path, line: 0, expected: 'a readable file', got: (err as NodeJS.ErrnoException).code ?? String(err) });
  }
}

export async function validateRequestFile(io: RequestsIO, file: string): Promise<void> {
  const text = await readInput(file, io);
  const name = file === '-' ? '<stdin>' : file;
  const result = validateRequestsText(text, name);
  for (const p of result.problems) io.stderr(`${formatProblem(p)}\n`);
  const lines = new Set(result.problems.map((p) => p.line));
  io.stderr(`${name}: ${result.lines} records, ${result.records.length} valid, ${result.problems.length} problems on ${lines.size} lines\n`);
  if (result.problems.length > 0) io.setExitCode(2);
}

export async function describeRequestFile(io: RequestsIO, file: string, opts: { json?: true }): Promise<void> {
  const text = await readInput(file, io);
  const name = file === '-' ? '<stdin>' : file;
  const result = validateRequestsText(text, name);
  if (result.problems.length > 0) {
    io.stderr(`${name}: ${result.problems.length} problems (run felicity requests validate); counting the ${result.records.length} valid records\n`);
  }
  const comp = composition(result.records);
  // The version hash covers the file as written, so a broken file gets no version.
  const hash = result.problems.some((p) => p.reason.startsWith('bad JSON')) ? null : requestSetHash(text);
  if (opts.json) io.stdout(`${JSON.stringify({ file: name, hash, ...comp })}\n`);
  else io.stdout(`${formatCompositionTable(comp)}\n\nversion ${hash ?? '(none: file has bad JSON)'}\n`);
}

export async function mineRequestFile(io: RequestsIO, file: string, opts: { from: Corpus; out?: string }): Promise<void> {
  const text = await readInput(file, io);
  const rows = readCorpusRows(opts.from, text, file === '-' ? '<stdin>' : file);
  const candidates = mineCandidates(rows);
  const jsonl = candidates.map((c) => `${JSON.stringify(c)}\n`).join('');
  if (opts.out) {
    const out = await openOutput(opts.out, file === '-' ? [] : [file]);
    try {
      out.stream.write(jsonl);
      await out.commit();
    } finally {
      out.abort();
    }
  } else io.stdout(jsonl);
  const byGuess = new Map<string, number>();
  for (const c of candidates) byGuess.set(c.category_guess, (byGuess.get(c.category_guess) ?? 0) + 1);
  const summary = [...byGuess].map(([k, v]) => `${k} ${v}`).join(', ');
  io.stderr(`${rows.length} rows read, ${candidates.length} distinct candidates${summary ? ` (${summary})` : ''}${opts.out ? ` written to ${opts.out}` : ''}\n`);
}
