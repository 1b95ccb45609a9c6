// After `tsc`: the tables the rules would otherwise build in every process (and every worker
// thread) at start, computed once and written beside the compiled rules (src/check/rules/stored-table.ts).
import { writeFileSync } from 'node:fs';

const { cueScannerTable } = await import('../dist/check/rules/cues.js');
writeFileSync(new URL('../dist/check/rules/cue-scanner.json', import.meta.url), JSON.stringify(cueScannerTable()));
