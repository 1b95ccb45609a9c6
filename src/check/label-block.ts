/**
 * Labels one block of a JSON Lines file with the offline rules: whole lines, the first of them
 * line `firstLine` of the file, the way `felicity check` labels them in one thread, and returns
 * the text it would print. A worker thread (check-worker.ts) runs it for each block of a large
 * file; the results are written in input order, so the output is the same bytes as in one thread.
 */
import type { Deployment } from '../setups/deployment.ts';
import { ByteLineSplitter } from './byte-lines.ts';
import { OutcomeTally, RulesLineReader, type TallySnapshot } from './check-jsonl.ts';
import { resultText } from './result-text.ts';
import type { InputFormat, InputFormatChoice } from './input-formats/input-format.ts';

export interface BlockTask {
  /** Whole lines, each ending in a newline, except perhaps the last block's last line. */
  bytes: Uint8Array;
  /** The file's line number of the block's first line (1-based). */
  firstLine: number;
  /** The end of the input: a last line without a newline is a line. */
  last: boolean;
  /** The input's name in messages (`FILE:LINE: …`). */
  source: string;
  setup: Deployment | undefined;
  conversations: boolean;
  explain: boolean;
  /** A backed report whose details contradict its call's arguments is a false claim (`CheckOptions.strictArguments`). */
  strictArguments?: boolean;
  /** The labels go to a terminal (see resultText). */
  toTerminal: boolean;
  /** The records' message format (`auto` when absent). */
  inputFormat?: InputFormatChoice;
}

export interface BlockResult {
  /** Label records, one JSON line each. */
  labels: string;
  /** Lines for stderr: bad lines, errored responses, truncation warnings, explanations. */
  messages: string;
  tally: TallySnapshot;
  /** The message formats other than OpenAI Chat Completions its records were in, in the order first met. */
  formats?: InputFormat[];
}

export async function labelBlock(task: BlockTask): Promise<BlockResult> {
  const tally = new OutcomeTally();
  let labels = '';
  let messages = '';
  const formats: InputFormat[] = [];
  const options = { setup: task.setup, conversations: task.conversations, explain: task.explain, inputFormat: task.inputFormat, ...(task.strictArguments === true ? { strictArguments: true } : {}) };
  const reader = new RulesLineReader(
    options,
    (result) => {
      tally.add(result);
      const format = result.notes?.format;
      if (format !== undefined && format !== 'openai' && !formats.includes(format)) formats.push(format);
      const text = resultText(result, task.source, task);
      if (text.label !== undefined) labels += text.label;
      messages += text.messages;
    },
    task.firstLine,
  );
  const splitter = new ByteLineSplitter();
  const lines = splitter.push(task.bytes);
  if (task.last) lines.push(...splitter.end());
  const loading = reader.readAll(lines);
  if (loading) await loading;
  return { labels, messages, tally: tally.snapshot(), formats };
}
