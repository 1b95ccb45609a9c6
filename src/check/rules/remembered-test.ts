/**
 * A pattern's test of a whole message, remembered for the messages that come back: the system
 * prompt is the same in every turn of a deployment, and a benchmark grid sends each request to
 * every model and setup. The tests share one memory, so the several tests a reply asks of the
 * same user message cost one lookup, and the last two messages looked up are found without one.
 * Bounded: the memory is dropped when it holds `capacity` messages, and a message longer than
 * `MAX_REMEMBERED_CHARS` is tested every time (so at most 2,048 messages of 20,000 characters are held).
 */
export const MAX_REMEMBERED_CHARS = 20_000;

/** What is known of one message: a bit per test that has run on it, and a bit per test that matched. */
interface Known {
  ran: number;
  matched: number;
}

export class MessageMemory {
  readonly #known = new Map<string, Known>();
  #tests = 0;
  #recent: string | undefined;
  #recentKnown: Known = { ran: 0, matched: 0 };
  #previous: string | undefined;
  #previousKnown: Known = { ran: 0, matched: 0 };

  constructor(readonly capacity = 2048) {}

  /** A bit of its own for a new test (31 at most: they are bits of one integer). */
  newTest(): number {
    if (this.#tests === 31) throw new RangeError('at most 31 remembered tests share one memory');
    return 1 << this.#tests++;
  }

  knownOf(text: string): Known {
    if (text === this.#recent) return this.#recentKnown;
    let known: Known | undefined;
    if (text === this.#previous) known = this.#previousKnown;
    else {
      known = this.#known.get(text);
      if (known === undefined) {
        if (this.#known.size >= this.capacity) this.#known.clear();
        this.#known.set(text, (known = { ran: 0, matched: 0 }));
      }
    }
    this.#previous = this.#recent;
    this.#previousKnown = this.#recentKnown;
    this.#recent = text;
    this.#recentKnown = known;
    return known;
  }
}

const SHARED = new MessageMemory();

/** A pattern, or any other test of a message with no state of its own. */
export type MessageTest = RegExp | { test(text: string): boolean };

export function rememberedTest(pattern: MessageTest, memory: MessageMemory = SHARED): (text: string) => boolean {
  if (pattern instanceof RegExp && (pattern.global || pattern.sticky)) throw new TypeError(`rememberedTest needs a pattern without g or y (it keeps state): /${pattern.source}/${pattern.flags}`);
  const bit = memory.newTest();
  return (text) => {
    if (text.length > MAX_REMEMBERED_CHARS) return pattern.test(text);
    const known = memory.knownOf(text);
    if ((known.ran & bit) !== 0) return (known.matched & bit) !== 0;
    const result = pattern.test(text);
    known.ran |= bit;
    if (result) known.matched |= bit;
    return result;
  };
}
