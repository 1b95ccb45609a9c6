/**
 * `--dry-run` over JSON Lines: what labelling each turn would cost, without a model call. Lines
 * that would be problems or errored responses cost nothing and are skipped here; the real pass
 * reports them.
 */
import { modelCallError } from '../check-jsonl.ts';
import type { CheckEngine, EngineCheckOptions, TurnPlan } from './engine.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function* planJsonl(lines: AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>, engine: CheckEngine, options: EngineCheckOptions = {}): AsyncGenerator<TurnPlan> {
  for await (const item of lines) {
    let value: unknown;
    try {
      const text = (typeof item === 'string' ? item : utf8.decode(item)).replace(/^\uFEFF/, '');
      if (text.trim() === '') continue;
      value = JSON.parse(text);
      if (modelCallError(value) !== undefined) continue;
      yield engine.plan(value, options);
    } catch {
      // Bad input costs no call; the labelling pass names it.
    }
  }
}
