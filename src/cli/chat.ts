/**
 * `felicity chat`: one request through one model in one condition, the whole turn (tool calls,
 * mocked results, final reply) printed with its check label, or as a turn record with --json.
 * With --fix guard or reanchor the finished turn goes through guardTurn, as in a run.
 * Thin: options → createChatModel → runTurn (→ guardTurn) → check.
 */
import { Command, InvalidArgumentError, Option } from '@commander-js/extra-typings';
import { integerAtLeast } from './integer-option.ts';
import { FIXES, type FixId } from '../benchmark/conditions.ts';
import { CATEGORIES } from '../core/types.ts';
import { PERSONA_IDS, VARIANTS } from '../setups/deployment.ts';
// A type only: the action module itself loads when the command runs.
import type { ChatIO } from './chat-action.ts';

const EXAMPLE = `
Examples:
  $ npx felicity chat --model ollama:llama3.1:8b --setup C2 --category reminder "Remind me to pay rent tomorrow morning."
  $ npx felicity chat --model openai-compatible:http://localhost:8000/v1#Qwen/Qwen3-8B --no-thinking \\
      --setup C0 --variant stated --context "I'm sorting bills tonight." "Remind me to pay rent tomorrow."
  $ npx felicity chat --model openai:gpt-4.1-mini --setup ./my-bot.yaml --json "Tell me when my order ships." | npx felicity check -

Model specs: openai:MODEL (OPENAI_API_KEY, optional OPENAI_BASE_URL),
  openai-compatible:BASE_URL#MODEL (OPENAI_COMPATIBLE_API_KEY or none), ollama:MODEL (OLLAMA_BASE_URL),
  gguf:PATH (needs: npm i node-llama-cpp@3.21.1).`;


/** A fix name; "A" (the paper's name for the card) is accepted for card. */
function fixChoice(text: string): FixId {
  const fix = text === 'A' ? 'card' : text;
  if (!(FIXES as readonly string[]).includes(fix)) throw new InvalidArgumentError(`expected one of ${FIXES.join(', ')}, got "${text}"`);
  return fix as FixId;
}

function temperature(text: string): number | null {
  if (text === 'default') return null;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n < 0 || n > 2) throw new InvalidArgumentError(`expected 0–2 or "default", got "${text}"`);
  return n;
}

const processIO: ChatIO = {
  out: (text) => void process.stdout.write(text),
  err: (text) => void process.stderr.write(text),
  fail: (code) => {
    process.exitCode = code;
  },
};

export function chatCommand(io: ChatIO = processIO) {
  return new Command('chat')
    .description('run one request through a model in one setup (mocked tools, up to 5 tool rounds) and check the reply')
    .argument('<request>', "the user's request")
    .requiredOption('-m, --model <spec>', 'model spec, e.g. ollama:llama3.1:8b')
    .requiredOption('-s, --setup <setup>', 'built-in setup C0–C4 or a deployment file (.json/.yaml)')
    .addOption(new Option('--persona <persona>', 'persona').choices(PERSONA_IDS).default('generic' as const))
    .addOption(new Option('--variant <variant>', 'inferred, or stated (adds the environment paragraph)').choices(VARIANTS).default('inferred' as const))
    .addOption(
      new Option('--fix <fix>', 'card: capability card in the system prompt (alias A); guard: check the reply and rewrite it if it fails; reanchor: have the model make the missing call, else rewrite')
        .argParser(fixChoice)
        .default('none' as FixId),
    )
    .option('--context <text>', 'what the user wrote just before the request', '')
    .addOption(new Option('--category <category>', "the request's category; lets the check tell deferral and over-refusal from other").choices(CATEGORIES))
    .option('--temperature <t>', 'sampling temperature, or "default" to leave it to the server', temperature, 0.7 as number | null)
    .option('--max-tokens <n>', 'maximum tokens per model call', integerAtLeast(1))
    .option('--seed <n>', 'sampling seed, where the server takes one', integerAtLeast(0))
    .option('--no-thinking', 'turn thinking off (vLLM chat_template_kwargs, Ollama think)')
    .option('--timeout <seconds>', 'per-request timeout', integerAtLeast(1), 120)
    .option('--json', 'print the turn record (docs/formats.md) instead of the transcript')
    .addHelpText('after', EXAMPLE)
    // The model clients and the checker load when the command runs, not for `felicity --help`.
    .action(async (request, options) => (await import('./chat-action.ts')).runChat(request, options, io));
}
