/**
 * What the `felicity annotate` subcommands do once parsed (annotate.ts defines them).
 */
import { writeFile } from 'node:fs/promises';
import { interAnnotatorAgreement, type AnnotatedItem } from '../annotate/agreement.ts';
import type { Annotation } from '../annotate/annotation.ts';
import { exportGold } from '../annotate/export-gold.ts';
import { sampleAnnotationSet } from '../annotate/sample.ts';
import { serveAnnotations } from '../annotate/server.ts';
import { AnnotationStore, AnnotationStoreError } from '../annotate/store.ts';
import { formatGroup } from '../stats/validation-format.ts';
import { EXIT } from './usage-exit.ts';

function fail(command: string, message: string): void {
  process.stderr.write(`felicity annotate ${command}: ${message}\n`);
  process.exitCode = EXIT.badInput;
}

function link(port: number, token: string): string {
  return `http://127.0.0.1:${port}/#token=${token}`;
}

export async function runSample(input: string, options: { db: string; size: number; overlap: number; annotators: string; seed: number; strata: string; setup: string }): Promise<void> {
  const annotators = [...new Set(options.annotators.split(',').map((s) => s.trim()).filter(Boolean))];
  if (annotators.length === 0) return fail('sample', '--annotators: expected at least one name');
  if (annotators.some((n) => !/^[\w.-]{1,40}$/.test(n))) return fail('sample', '--annotators: names are letters, digits, ".", "-" or "_", up to 40 characters');
  if (options.overlap > options.size) return fail('sample', `--overlap ${options.overlap} is larger than --size ${options.size}`);
  try {
    const result = await sampleAnnotationSet(input, { ...options, annotators });
    for (const p of result.problems.slice(0, 20)) process.stderr.write(`${p.file}${p.line ? `:${p.line}` : ''}: ${p.field}: ${p.message}\n`);
    if (result.items === 0) return fail('sample', `${input}: no usable turn to annotate`);
    process.stdout.write(`${options.db}: ${result.items} items drawn from ${result.candidates} turns (seed ${options.seed}), ${result.overlap} for every annotator\n`);
    for (const [stratum, s] of [...result.strata].sort(([a], [b]) => a.localeCompare(b))) process.stdout.write(`  ${stratum}: ${s.items} items, ${s.flagged} flagged by the checker\n`);
    process.stdout.write('links (each is the annotator\'s key; `felicity annotate token NAME` issues a new one):\n');
    for (const [name, token] of result.tokens) process.stdout.write(`  ${name}: ${link(8470, token)}\n`);
    if (result.problems.length > 0) process.exitCode = EXIT.badInput;
  } catch (error) {
    if (error instanceof AnnotationStoreError) return fail('sample', error.message);
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fail('sample', `cannot read ${input}`);
    throw error;
  }
}

function openStore(command: string, db: string): AnnotationStore | undefined {
  try {
    return AnnotationStore.open(db);
  } catch (error) {
    if (error instanceof AnnotationStoreError) fail(command, error.message);
    else throw error;
    return undefined;
  }
}

export async function runServe(options: { db: string; port: number }): Promise<void> {
  const store = openStore('serve', options.db);
  if (!store) return;
  const server = await serveAnnotations(store, options.port);
  process.stdout.write(`felicity annotate: serving ${store.itemCount()} items on http://127.0.0.1:${server.port}/ (annotators: ${store.annotators().join(', ')}); Ctrl-C stops\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  store.close();
}

export async function runToken(annotator: string, options: { db: string; port: number }): Promise<void> {
  const store = openStore('token', options.db);
  if (!store) return;
  try {
    process.stdout.write(`${annotator}: ${link(options.port, store.issueToken(annotator))}\n`);
  } catch (error) {
    if (error instanceof AnnotationStoreError) fail('token', error.message);
    else throw error;
  } finally {
    store.close();
  }
}

export async function runExport(options: { db: string; out: string; annotator?: string }): Promise<void> {
  const store = openStore('export', options.db);
  if (!store) return;
  try {
    if (options.annotator !== undefined && !store.annotators().includes(options.annotator)) return fail('export', `no annotator named "${options.annotator}"`);
    const result = exportGold(store, { annotator: options.annotator });
    try {
      await writeFile(options.out, result.lines.map((l) => `${l}\n`).join(''));
    } catch (error) {
      return fail('export', `--out ${options.out}: cannot write: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
    }
    process.stdout.write(`${options.out}: ${result.items} gold items${result.notAnnotated ? `; ${result.notAnnotated} items not annotated yet, left out` : ''}\n`);
  } finally {
    store.close();
  }
}

export async function runAgreement(options: { db: string; json?: true }): Promise<void> {
  const store = openStore('agreement', options.db);
  if (!store) return;
  try {
    const facts = new Map(store.items().filter((i) => i.overlap).map((i) => [i.id, i.facts]));
    const byItem = new Map<string, Map<string, Annotation>>();
    for (const a of store.allAnnotations()) {
      if (!facts.has(a.itemId)) continue;
      const m = byItem.get(a.itemId) ?? new Map<string, Annotation>();
      m.set(a.annotator, a.annotation);
      byItem.set(a.itemId, m);
    }
    const items: AnnotatedItem[] = [...byItem].map(([id, annotations]) => ({ id, facts: facts.get(id)!, annotations }));
    const pairs = interAnnotatorAgreement(items);
    if (options.json) {
      process.stdout.write(`${JSON.stringify(pairs, null, 2)}\n`);
      return;
    }
    if (pairs.length === 0) {
      process.stdout.write('no overlap item has been labelled by two annotators yet\n');
      return;
    }
    for (const p of pairs) process.stdout.write(`${formatGroup(`${p.first} vs ${p.second} on ${p.scores.n} overlap items`, p.scores).join('\n')}\n\n`);
  } finally {
    store.close();
  }
}
