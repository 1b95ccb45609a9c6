/**
 * The `--on-fail` suite every API of the proxy passes, on its own client: for each policy, streamed
 * or not, a clean reply passes with its verdict; a false claim, an empty promise and an unanchored
 * promise are handled as the policy says; in a tool loop the call step passes and the text step is
 * judged. Each API says how its client sends a message (or the loop's second step) and reads the reply.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ON_FAIL_POLICIES, type OnFailPolicy } from '../config.ts';
import { agentModel, CLAIM_REPLY, CLEAN_REPLY, EMPTY_REPLY, LOOP_REPLY, PROMISE_REPLY } from './agent-model.ts';
import { startHarness, type Harness } from './harness.ts';
import { assertHandled, assertReanchored, type SeenReply } from './reply-assertions.ts';

export const ASK = {
  clean: 'CLEAN: what is the capital of France?',
  claim: 'CLAIM: remind me tomorrow at 9 to pay rent',
  empty: 'EMPTY: email me the report tonight',
  promise: 'PROMISE: remind me tomorrow at 9 to pay rent',
  loop: 'LOOP: remind me tomorrow at 9 to pay rent',
} as const;

export interface PolicyApi<Client, Reply> {
  /** The suites' titles: `${name}, --on-fail rewrite`. */
  name: string;
  client(harness: Harness): Client;
  /** Sends the user's words; with `first`, the loop's second step: `first`'s calls, their results (`{"status":"created"}`), then the reply. */
  send(client: Client, user: string, stream: boolean, first?: Reply): Promise<Reply>;
  seen(reply: Reply): SeenReply;
  /** How the API writes a reply with calls only (Chat Completions: content null; the others: no text). */
  noText: '' | null;
  /** What more a clean reply shows on this API (the headers the upstream got). */
  clean?(reply: Reply, harness: Harness): void;
  /** What more a false claim's reply shows on this API (its spans). */
  claim?(reply: Reply, policy: OnFailPolicy, stream: boolean): void;
}

export function policySuites<Client, Reply>(api: PolicyApi<Client, Reply>): void {
  for (const policy of ON_FAIL_POLICIES) {
    describe(`${api.name}, --on-fail ${policy}`, () => {
      let harness: Harness;
      let client: Client;
      before(async () => {
        harness = await startHarness(agentModel, { onFail: policy });
        client = api.client(harness);
      });
      after(() => harness.close());
      const handled = async (user: string, stream: boolean, draft: string, outcome: string): Promise<Reply> => {
        const reply = await api.send(client, user, stream);
        if (policy === 'reanchor' && outcome !== 'empty') assertReanchored(api.seen(reply), outcome, api.noText);
        else assertHandled(policy, api.seen(reply), draft, outcome);
        return reply;
      };

      for (const stream of [false, true]) {
        const mode = stream ? 'streamed' : 'not streamed';
        test(`${mode}: a clean reply passes unchanged with its verdict`, async () => {
          const reply = await api.send(client, ASK.clean, stream);
          assert.equal(api.seen(reply).text, CLEAN_REPLY);
          assert.equal(api.seen(reply).verdict, 'outcome=other; action=none; certified=true');
          api.clean?.(reply, harness);
        });

        test(`${mode}: a false claim is ${expectedWord(policy, 'claim')}`, async () => {
          const reply = await handled(ASK.claim, stream, CLAIM_REPLY, 'false_claim');
          api.claim?.(reply, policy, stream);
        });

        test(`${mode}: an empty promise is ${expectedWord(policy, 'empty')}`, async () => {
          await handled(ASK.empty, stream, EMPTY_REPLY, 'empty');
        });

        test(`${mode}: an unanchored promise is ${expectedWord(policy, 'promise')}`, async () => {
          await handled(ASK.promise, stream, PROMISE_REPLY, 'unanchored');
        });

        test(`${mode}: in a tool loop the call step passes and the text step is judged`, async () => {
          const first = await api.send(client, ASK.loop, stream);
          assert.deepEqual(api.seen(first).calls.map((c) => c.name), ['create_reminder']);
          assert.match(api.seen(first).verdict!, /action=skipped/);
          const second = api.seen(await api.send(client, ASK.loop, stream, first));
          assert.equal(second.text, LOOP_REPLY);
          assert.match(second.verdict!, /^outcome=(anchored|done_now); action=none; certified=true$/);
        });
      }
    });
  }
}

function expectedWord(policy: OnFailPolicy, kind: 'claim' | 'empty' | 'promise'): string {
  if (policy === 'reanchor' && kind !== 'empty') return 'turned into a returned tool call';
  return { rewrite: 'rewritten', reanchor: 'rewritten (no call can make it true)', annotate: 'annotated, unchanged', block: 'blocked' }[policy];
}
