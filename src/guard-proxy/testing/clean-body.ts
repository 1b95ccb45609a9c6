/**
 * What every API of the proxy keeps: a clean reply's body is the upstream's, byte for byte,
 * streamed or not, under `--stream buffer`; under `--stream audit` a stream gains only the verdict
 * comment. Registers one test per stream mode, in the caller's describe.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { STREAM_MODES } from '../config.ts';
import { agentModel } from './agent-model.ts';
import { startHarness } from './harness.ts';
import type { UpstreamRequest } from './scripted-upstream.ts';

export interface CleanBodyApi {
  /** The route after /v1: `/chat/completions`. */
  path: string;
  /** A clean request's body, asking to stream or not. */
  body(stream: boolean): string;
  headers: Record<string, string>;
  /** How an audited stream ends: the verdict comment, then what the API sends last. */
  auditedEnd: RegExp;
  /** What more the upstream got (the client's own headers). */
  sent?(request: UpstreamRequest): void;
}

export function cleanBodyTests(api: CleanBodyApi): void {
  for (const stream of STREAM_MODES) {
    test(`--stream ${stream}: a clean reply's body is the upstream's body, streamed or not`, async () => {
      const harness = await startHarness(agentModel, { stream });
      try {
        for (const streamed of [false, true]) {
          const body = api.body(streamed);
          const post = async (base: string) => Buffer.from(await (await fetch(`${base}${api.path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...api.headers }, body })).arrayBuffer());
          const direct = await post(harness.upstream.url);
          const proxied = await post(harness.base);
          api.sent?.(harness.upstream.requests.at(-1)!);
          if (streamed && stream === 'audit') {
            const text = proxied.toString('utf8');
            assert.match(text, api.auditedEnd);
            assert.equal(text.replace(/: felicity .*\n\n/, ''), direct.toString('utf8'));
          } else assert.ok(proxied.equals(direct), `${streamed ? 'streamed' : 'plain'} body differs`);
        }
      } finally {
        await harness.close();
      }
    });
  }
}
