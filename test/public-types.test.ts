/**
 * The package's types as a strict TypeScript user meets them: a .ts file inside the package folder
 * imports `felicity-ai` by name (the package's own `exports`, resolved to dist/*.d.ts) and is
 * compiled with tsc under `strict`, without skipLibCheck. It must compile, and each
 * `@ts-expect-error` line must still be an error: a type that checked nothing would fail it.
 * Needs `npm run build`.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO } from './helpers/felicity-bin.ts';

const CONSUMER = `import { createReadStream } from 'node:fs';
import {
  check, checkConversation, checkJsonl, checkWithExplanation, formatExplanation, loadDeploymentFile, parseTurn,
  type ChatMessage, type Deployment, type LabelRecord, type TurnRecord,
} from 'felicity-ai';

const deployment: Deployment = await loadDeploymentFile('examples/calendar-agent.yaml');
const messages: ChatMessage[] = [
  { role: 'user', content: 'Remind me to pay rent tomorrow.' },
  { role: 'assistant', content: "Sure! I'll remind you tomorrow morning." },
];
// A loaded deployment is a setup, as a built-in id and a deployment object as written are.
const withDeployment: TurnRecord = { id: 't-1', setup: deployment, category: 'reminder', messages };
const withId: TurnRecord = { id: 't-2', setup: 'C0', messages };
const written: TurnRecord = { id: 't-3', setup: { id: 'bot', tools: [] }, messages };
const label: LabelRecord = check(withDeployment);
const { explanation } = checkWithExplanation(withId, { setup: 'C2' });
const text: string = formatExplanation(label.id, explanation);
const turns = checkConversation({ id: 'c-1', setup: 'C0', messages });
const untrusted: unknown = JSON.parse('{"id": "t-4", "messages": []}');
const parsed: TurnRecord = parseTurn(untrusted, { inputFormat: 'auto' });
for await (const result of checkJsonl(createReadStream('examples/turns.jsonl'))) if ('label' in result) result.label.outcome satisfies LabelRecord['outcome'];

// @ts-expect-error: a misspelt field is caught at compile time
check({ id: 't-5', mesages: messages });
// @ts-expect-error: a conversation's messages are typed too
checkConversation({ id: 'c-2', mesages: messages });
// @ts-expect-error: a role no chat message has
check({ id: 't-6', messages: [{ role: 'robot', content: 'hi' }] });
// @ts-expect-error: an unknown value must be parsed first
check(untrusted);
// @ts-expect-error: the id comes first, then the explanation
formatExplanation(explanation, label.id);
// @ts-expect-error: outcomes are a closed set
const wrong: LabelRecord['outcome'] = 'maybe';

export { written, text, turns, parsed, wrong };
`;

let dir: string;
before(async () => {
  dir = await mkdtemp(join(REPO, '.public-types-'));
  await writeFile(join(dir, 'consumer.ts'), CONSUMER);
  await writeFile(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, noUncheckedIndexedAccess: true, skipLibCheck: false, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', noEmit: true, types: ['node'] }, files: ['consumer.ts'] }),
  );
});
after(() => rm(dir, { recursive: true, force: true }));

test('a strict consumer compiles against the shipped .d.ts, and each expected error is one', () => {
  assert.ok(existsSync(join(REPO, 'dist', 'index.d.ts')), 'dist/ is not built: npm run build');
  const tsc = spawnSync(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.json')], { cwd: REPO, encoding: 'utf8' });
  assert.equal(tsc.status, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`);
});
