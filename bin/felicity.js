#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so `npx felicity` works right after `npm ci`.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
