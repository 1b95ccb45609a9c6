#!/usr/bin/env node
// The compiled command line (`npm run build`, run by `npm ci` and `npm install` through `prepare`).
import '../dist/cli/main.js';
