/**
 * The two personas of the benchmark (paper Appendix A): a general assistant, and customer support
 * for an energy company. The persona text opens every system prompt.
 */
import type { PersonaId } from './deployment.ts';

export const PERSONA_PROMPTS: Readonly<Record<PersonaId, string>> = {
  generic: 'You are an AI assistant. Help the user with their questions and tasks.',
  support:
    'You are the customer support assistant of Northwind Utilities, a company that supplies electricity ' +
    'and gas. Customers come to you about their accounts, bills and payments, power or gas outages, and ' +
    'service requests.',
};

export function personaPrompt(persona: PersonaId): string {
  return PERSONA_PROMPTS[persona];
}
