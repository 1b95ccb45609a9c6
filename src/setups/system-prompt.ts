/**
 * The system prompt of one condition (paper §3.1, §4): the persona, then in the stated variant the
 * environment paragraph, then with fix A the capability card, and always the current time last.
 */
import { capabilityCard } from './capability-card.ts';
import type { Deployment, PersonaId, Variant } from './deployment.ts';
import { environmentParagraph } from './environment-paragraph.ts';
import { CURRENT_TIME_SENTENCE } from './fixed-time.ts';
import { affordancesFor } from './persona-tools.ts';
import { personaPrompt } from './personas.ts';

/** Fixes that change the system prompt; fix C rewrites replies instead and leaves the prompt alone. */
export type PromptFix = 'none' | 'A';

export interface SystemPromptOptions {
  deployment: Deployment;
  persona: PersonaId;
  variant: Variant;
  fix?: PromptFix;
}

export function systemPrompt({ deployment, persona, variant, fix = 'none' }: SystemPromptOptions): string {
  const affordances = affordancesFor(deployment, persona);
  const parts = [personaPrompt(persona)];
  if (variant === 'stated') parts.push(environmentParagraph(affordances));
  if (fix === 'A') parts.push(capabilityCard(affordances));
  parts.push(CURRENT_TIME_SENTENCE);
  return parts.join('\n\n');
}
