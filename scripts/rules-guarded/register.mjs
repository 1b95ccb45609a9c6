// `node --import ./register.mjs --import tsx worker.ts`: the mutation hooks, registered before tsx.
import { register } from 'node:module';

const repo = new URL('../../', import.meta.url).href;
register('./hooks.mjs', import.meta.url, { data: { repo, harness: new URL('./harness.ts', import.meta.url).href } });
