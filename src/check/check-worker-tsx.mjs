// The check pool's worker when felicity runs from its TypeScript sources (tests, `tsx`): Node does
// not carry `--import tsx` into worker threads, so this registers tsx before loading the worker.
// The build runs dist/check/check-worker.js directly.
import { register } from 'tsx/esm/api';

register();
export const { labelBlock, labelRecords } = await import('./check-worker.ts');
