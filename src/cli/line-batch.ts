/**
 * Label lines out as the CLI streams them: `LineBatch` gathers output lines into few large
 * writes, since one write per label costs more than the labelling around it.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Output lines written `size` characters at a time (0: each line at once), with a wait for a full output. */
export class LineBatch {
  private pending = '';

  constructor(
    private readonly output: Writable,
    private readonly size: number,
  ) {}

  /**
   * Adds a line (with its newline) without waiting: once `size` characters are gathered they are
   * written. A caller may add a whole input chunk's lines in one synchronous loop, so the output
   * can run up to one chunk's labels over its limit before `drained` waits for it.
   */
  append(line: string): void {
    this.pending += line;
    if (this.pending.length >= this.size) this.output.write(this.take());
  }

  /** A promise to await while the output is over its limit, or undefined when it is not. */
  drained(): Promise<void> | undefined {
    return this.output.writableNeedDrain ? once(this.output, 'drain').then(() => undefined) : undefined;
  }

  /** Writes what is gathered, and waits while the output is over its limit. */
  async flush(): Promise<void> {
    const chunk = this.take();
    if (chunk !== '' && !this.output.write(chunk)) await once(this.output, 'drain');
  }

  /** What is gathered and not yet written, handed over and forgotten. */
  take(): string {
    const chunk = this.pending;
    this.pending = '';
    return chunk;
  }
}
