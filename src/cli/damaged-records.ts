/**
 * Damaged records a command reading a felicity database skipped (stored-json.ts): each is said on
 * stderr as it is found, one line naming the run, the response, its request and the field, and
 * the command goes on with the good ones; at the end, one line of advice and exit 2 (bad input).
 */
import { REPAIR_ADVICE, type DamagedRecordError, type DamageSink } from '../store/stored-json.ts';
import { EXIT } from './usage-exit.ts';

export class DamagedRecords {
  count = 0;

  constructor(private readonly command: string) {}

  /** What to hand the store while reading `run`. */
  of(run: string): DamageSink {
    return (error) => this.add(run, error);
  }

  add(run: string, error: DamagedRecordError): void {
    this.count++;
    process.stderr.write(`felicity ${this.command}: run "${run}": ${error.record}\n`);
  }

  /** Says how many were skipped and sets exit code 2 when any were; bad input outranks a failure (1). */
  finish(): void {
    if (this.count === 0) return;
    process.stderr.write(`felicity ${this.command}: ${this.count} damaged record${this.count === 1 ? '' : 's'} skipped, every other record ${this.command === 'judge' ? 'labelled' : 'read'}: ${REPAIR_ADVICE}\n`);
    process.exitCode = EXIT.badInput;
  }
}
