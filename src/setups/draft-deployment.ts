/**
 * A draft deployment file from tool schemas (`felicity deployment init`): every tool with its
 * description and parameters, and felicity's guesses at its capability tags and at what a
 * successful call performs, each marked with a YAML comment for the user to confirm. Pure: tool schemas in, YAML text out.
 */
import { Document, isMap, isScalar, isSeq } from 'yaml';
import { inferCapabilities } from './infer-capabilities.ts';
import type { ToolSchema } from './tool-schemas.ts';
import { argumentKeyedPerforms, inferPerforms } from './tool-performs.ts';

export interface DraftOptions {
  /** The deployment's id (a short name, e.g. from the output file's name). */
  id: string;
  /** Where the schemas came from, named in the header. */
  source: string;
}

const HEADER = (source: string) =>
  [
    ` Drafted by \`felicity deployment init\` from ${source}.`,
    ' Every comment that starts with "guess" is felicity reading a tool\'s name and description:',
    ' check each one, correct it, and delete the comment.',
    ' capabilities: what a tool lets the agent do after the turn ends (run_later, notify_user_later,',
    ' watch_event, recall_across_sessions, delegate_to_human) or reach someone through (send_email,',
    ' send_sms, phone_call, send_file); [] for a tool that acts now or only looks things up.',
    ' performs: what a successful call has done by the time it returns, as short "verb object"',
    ' phrases ("add checked bags", "cancel order"); claims in replies are checked against them.',
    ' performs_by_argument: acts that depend on one argument\'s value ({argument: domain, values:',
    ' {lock: [unlock lock]}}); a call whose argument has a listed value performs those acts only.',
    ' Untagged tools are safe: a missing tag makes the checker stricter, a wrong one makes it blind.',
    ' Tools without a mock answer {"status": "ok"} in felicity chat and run; add',
    ' mock: {result: ...} to give a realistic answer.',
  ].join('\n');

export interface Draft {
  /** The draft as YAML text; it loads as a deployment as it stands. */
  text: string;
  /** How many tools got at least one guessed tag. */
  tagged: number;
}

export function draftDeployment(tools: readonly ToolSchema[], options: DraftOptions): Draft {
  const guesses = tools.map((tool) => inferCapabilities(tool));
  const performs = tools.map((tool) => inferPerforms(tool));
  // "For locks it UNLOCKS them": acts keyed by the value of an enum parameter.
  const keyed = tools.map((tool) => argumentKeyedPerforms(tool));
  const doc = new Document({
    id: options.id,
    title: `Drafted from ${options.source}`,
    tools: tools.map((tool, index) => ({
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters,
      capabilities: guesses[index]!.capabilities,
      performs: performs[index]!,
      ...(keyed[index] === undefined ? {} : { performs_by_argument: keyed[index] }),
    })),
  });
  doc.commentBefore = HEADER(options.source);
  const id = doc.get('id', true);
  if (isScalar(id)) id.comment = ' guess: name this deployment (letters, digits, ".", "_" or "-")';

  const list = doc.get('tools', true);
  const items = isSeq(list) ? list.items : [];
  items.forEach((item, index) => {
    if (!isMap(item)) return;
    if (index > 0) item.spaceBefore = true;
    const comments = {
      capabilities: ` guess: ${guesses[index]!.reasons.join('; ')}`,
      performs:
        performs[index]!.length > 0
          ? ' guess: from the name and description'
          : ' guess: no action found in the name or description (right for a lookup)',
    };
    const byArgument = item.get('performs_by_argument', true);
    if (isMap(byArgument)) byArgument.commentBefore = ` guess: the act depends on ${keyed[index]!.argument}, read from the description; check each value`;
    for (const [key, comment] of Object.entries(comments)) {
      const seq = item.get(key, true);
      if (!isSeq(seq)) continue;
      seq.flow = true;
      seq.comment = comment;
    }
  });
  const text = doc.toString({ lineWidth: 100, flowCollectionPadding: false });
  return { text, tagged: guesses.filter((guess) => guess.capabilities.length > 0).length };
}
