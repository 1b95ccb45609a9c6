/**
 * The DailyDialog sanity check (paper §3.4): does the detector's "this utterance makes a
 * commitment" agree with DailyDialog's commissive dialogue act (Li et al., 2017)? Reads the
 * dataset's `dialogues_*.txt` / `dialogues_act_*.txt` pairs, draws a balanced seeded sample, and
 * scores the detector (any commitment found) against the act label.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { binaryScores, cohensKappa, type BinaryScores } from '../stats/agreement.ts';
import { Rng } from '../stats/rng.ts';
import { drawWithoutReplacement } from './two-stage.ts';

/** DailyDialog's act numbers: 1 inform, 2 question, 3 directive, 4 commissive. */
export const COMMISSIVE = 4;

export interface Utterance {
  /** `<split>:<dialogue line>:<utterance index>` */
  id: string;
  text: string;
  /** The utterance before it in the dialogue ('' for the first). */
  previous: string;
  act: number;
}

export class DailyDialogError extends Error {
  override readonly name = 'DailyDialogError';
  constructor(
    readonly file: string,
    readonly line: number,
    readonly problem: string,
  ) {
    super(`${file}${line ? `:${line}` : ''}: ${problem}`);
  }
}

/** Undoes the corpus's tokenisation ("Hi , I ' m here .") so the detector reads ordinary text. */
export function detokenise(text: string): string {
  return text
    .replace(/\s+([.,!?;:%)])/g, '$1')
    .replace(/([(])\s+/g, '$1')
    .replace(/\s*['’]\s*(s|re|ve|ll|d|m|t)\b/gi, "'$1")
    .replace(/\bn\s*'\s*t\b/gi, "n't")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every folder under `dir` (and `dir` itself) holding a dialogues_<split>.txt with its act file. */
export async function readDailyDialog(dir: string): Promise<Utterance[]> {
  const folders = [dir, ...(await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name))];
  const out: Utterance[] = [];
  let pairs = 0;
  for (const folder of folders) {
    for (const name of (await readdir(folder)).sort()) {
      const match = /^dialogues_(?!act_|emotion_|topic)(\w+)\.txt$/.exec(name);
      if (!match) continue;
      const split = match[1]!;
      const actFile = path.join(folder, `dialogues_act_${split}.txt`);
      const textFile = path.join(folder, name);
      const acts = await readFile(actFile, 'utf8').catch(() => null);
      if (acts === null) continue;
      pairs++;
      const textLines = (await readFile(textFile, 'utf8')).split('\n');
      const actLines = acts.split('\n');
      textLines.forEach((line, i) => {
        if (line.trim() === '') return;
        const utterances = line.split('__eou__').map((u) => u.trim()).filter((u) => u !== '');
        const labels = (actLines[i] ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
        if (labels.length !== utterances.length || labels.some((a) => !(a >= 1 && a <= 4))) throw new DailyDialogError(actFile, i + 1, `expected ${utterances.length} act numbers (1–4) for the dialogue on ${textFile}:${i + 1}, got "${(actLines[i] ?? '').trim().slice(0, 60)}"`);
        utterances.forEach((u, k) => out.push({ id: `${split}:${i + 1}:${k + 1}`, text: detokenise(u), previous: k > 0 ? detokenise(utterances[k - 1]!) : '', act: labels[k]! }));
      });
    }
  }
  if (pairs === 0) throw new DailyDialogError(dir, 0, 'no dialogues_<split>.txt with its dialogues_act_<split>.txt here or in a folder below');
  return out;
}

/** `size` utterances, half commissive and half not, seeded. */
export function balancedSample(utterances: readonly Utterance[], size: number, seed: number): Utterance[] {
  const rng = new Rng(seed);
  const commissive = utterances.filter((u) => u.act === COMMISSIVE);
  const rest = utterances.filter((u) => u.act !== COMMISSIVE);
  const half = Math.floor(size / 2);
  return [...drawWithoutReplacement(commissive, half, rng), ...drawWithoutReplacement(rest, size - half, rng)];
}

export interface DailyDialogScores extends BinaryScores {
  n: number;
  commissive: number;
  kappa: number;
}

export function scoreAgainstActs(sample: readonly Utterance[], detected: readonly boolean[]): DailyDialogScores {
  const gold = sample.map((u) => u.act === COMMISSIVE);
  return { n: sample.length, commissive: gold.filter(Boolean).length, ...binaryScores(gold, detected), kappa: cohensKappa(gold, [...detected]) };
}

/** The paper's numbers (§3.4), for the report. */
export const PAPER_DAILYDIALOG = { precision: 0.67, recall: 0.2, kappa: 0.1 } as const;
