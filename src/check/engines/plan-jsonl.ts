/**
 * `--dry-run` over JSON Lines: what labelling each turn would cost, without a model call. Lines
 * that would be problems or errored responses cost nothing and are skipped here; the real pass
 * reports them.
 */
import { modelCallError } from '../check-jsonl.ts';
import { adaptRecord } from '../input-formats/adapt-record.ts';
import type { CheckEngine, EngineCheckOptions, TurnPlan } from './engine.ts';

function ignoreWarning(): void {}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function* planJsonl(lines: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, engine: CheckEngine, options: EngineCheckOptions = {}): AsyncGenerator<TurnPlan> {
  for await (const item of lines) {
    let value: unknown;
    try {
      const text = (typeof item === 'string' ? item : utf8.decode(item)).replace(/^\uFEFF/, '');
      if (text.trim() === '') continue;
      value = JSON.parse(text);
      if (modelCallError(value) !== undefined) continue;
      // Planned as it will be labelled: in the turn record's format (warnings are the labelling pass's to print).
      const { record } = adaptRecord(value, options.inputFormat ?? 'auto', ignoreWarning);
      yield await engine.plan(record, { ...options, inputFormat: 'openai' });
    } catch {
      // Bad input costs no call; the labelling pass names it.
    }
  }
}
