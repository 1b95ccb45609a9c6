/**
 * `felicity guard --upstream URL --port N …`: the guard proxy, an OpenAI-compatible Chat
 * Completions server that judges every reply before the client gets it. Thin: the server is in
 * src/guard-proxy/.
 */
import { Command, Option } from '@commander-js/extra-typings';
import { GUARD_ENGINES, ON_ERROR_MODES, ON_FAIL_POLICIES, ON_UNREADABLE_POLICIES, STREAM_MODES } from '../guard-proxy/modes.ts';
import { integerAtLeast } from './integer-option.ts';

export function guardCommand() {
  return new Command('guard')
    .description('run a proxy for Chat Completions, Responses and Anthropic Messages clients that checks every reply for empty commitments before the client gets it')
    .option('--upstream <url>', 'the OpenAI-compatible base URL to forward to, e.g. http://127.0.0.1:8000/v1')
    .option('--port <n>', 'port to listen on (default 8787; 0 picks a free one)', integerAtLeast(0))
    .option('--host <host>', 'address to listen on (default 127.0.0.1)')
    .option('--deployment <file>', 'deployment file (JSON/YAML); default: inferred per request from its tools')
    .addOption(new Option('--on-fail <policy>', 'what to do with a failing reply (default rewrite)').choices(ON_FAIL_POLICIES))
    .addOption(new Option('--stream <mode>', 'streamed replies: buffer = hold until checked; audit = pass at once, verdict at the end (default buffer)').choices(STREAM_MODES))
    .addOption(new Option('--on-error <mode>', 'when the checker or a fix fails: open = send the draft with its verdict, closed = block (default open)').choices(ON_ERROR_MODES))
    .addOption(new Option('--on-unreadable <policy>', 'a reply the rules cannot read (not English, no text), never certified: pass = unchanged, verdict in the header; annotate = with its verdict; block = replaced (default annotate)').choices(ON_UNREADABLE_POLICIES))
    .addOption(new Option('--engine <engine>', 'what labels replies: rules, or hybrid = the rules, and a judge model for the replies they cannot read (not English) (default rules)').choices(GUARD_ENGINES))
    .option('--judge-model <spec>', 'the judge model for --engine hybrid, e.g. ollama:qwen3:8b or openai:gpt-4o-mini; its endpoint is checked once at start')
    .option('--timeout-ms <n>', 'deadline for each upstream call (default 60000)', integerAtLeast(1))
    .option('--max-body-bytes <n>', 'largest request body accepted (default 4194304)', integerAtLeast(1))
    .option('--audit-log <file>', 'append one JSON line per judged response (never headers or keys)')
    .option('--config <file>', 'YAML file with the same settings (snake_case) and tool_capabilities; flags win')
    .addHelpText(
      'after',
      '\nExamples:\n  $ npx felicity guard --upstream http://127.0.0.1:11434/v1 --port 8787\n' +
        '  $ npx felicity guard --upstream https://api.openai.com/v1 --deployment my-agent.yaml --on-fail reanchor --audit-log guard.jsonl\n' +
        '  then point any OpenAI or Anthropic client at http://127.0.0.1:8787/v1 (Anthropic: base URL http://127.0.0.1:8787)',
    )
    .action(async (options) => (await import('./guard-action.ts')).runGuard(options));
}
