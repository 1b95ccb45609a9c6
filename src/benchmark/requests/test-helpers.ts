/**
 * Builders for small request files in tests: one valid record per call, with distinct text, so a
 * test can break exactly the field it is about.
 */
let counter = 0;

const WORDS = ['apples', 'bicycle', 'candles', 'dentist', 'engine', 'ferry', 'guitar', 'harbour', 'invoice', 'jacket', 'kettle', 'ladder'];

export function validRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const word = WORDS[counter % WORDS.length]!;
  return {
    id: `t-${counter}`,
    category: 'reminder',
    source: 'hand',
    context: `Context number ${counter} about the ${word}.`,
    request: `Remind me on day ${counter} at ${counter % 12} pm about the ${word} number ${counter}.`,
    provenance: { hand_written: true, note: 'test' },
    ...overrides,
  };
}

export function jsonl(records: readonly unknown[]): string {
  return records.map((r) => (typeof r === 'string' ? `${r}\n` : `${JSON.stringify(r)}\n`)).join('');
}
