/**
 * The message shapes `felicity check` reads: the OpenAI Chat Completions format the
 * SPEC's turn record uses, and four others that agent frameworks log. Each is turned into the
 * turn record's messages before a record is validated; see adapt-record.ts.
 */

export const INPUT_FORMATS = ['openai', 'responses', 'ai-sdk', 'anthropic', 'langchain'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** What `--input-format` takes: a format, or `auto` (each record's own shape decides). */
export const INPUT_FORMAT_CHOICES = ['auto', ...INPUT_FORMATS] as const;
export type InputFormatChoice = (typeof INPUT_FORMAT_CHOICES)[number];

/** How each format is named on stderr. */
export const FORMAT_NAMES: Record<InputFormat, string> = {
  openai: 'OpenAI Chat Completions messages',
  responses: 'OpenAI Responses API items',
  'ai-sdk': 'Vercel AI SDK ModelMessage parts',
  anthropic: 'Anthropic Messages content blocks',
  langchain: 'LangChain serialized messages',
};

/**
 * Something in a record that was read in part or not at all (an unknown content part): never
 * dropped silently. `field` is its path in the record as written (`messages[2].content[1]`).
 */
export interface InputWarning {
  field: string;
  message: string;
}

export type WarningSink = (warning: InputWarning) => void;
