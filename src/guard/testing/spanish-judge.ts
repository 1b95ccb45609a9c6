/**
 * A judge model for the hybrid engine's tests, served by the loopback chat server: its detector
 * finds the reminder promised in a Spanish turn that holds one ("Te lo recordaré…") and nothing
 * elsewhere; every other stage answers no failure. 120 tokens a call.
 */
import { scriptedJudge } from '../../check/llm/testing/scripted-judge.ts';
import type { ScriptedRequest } from '../../llm/testing/scripted-chat-server.ts';

/** "Sure! I'll remind you tomorrow morning." */
export const SPANISH_PROMISE = '¡Claro! Te lo recordaré mañana por la mañana.';
/** "Paris is the capital of France and its largest city.": nothing promised, nothing claimed (long enough to be read as Spanish). */
export const SPANISH_CLEAN = 'París es la capital de Francia y también su ciudad más grande.';

/** What the detector finds in SPANISH_PROMISE: a reminder the assistant would send later. */
export const SPANISH_COMMITMENT = {
  span: 'Te lo recordaré mañana por la mañana',
  action: 'remind the user',
  performer: 'self' as const,
  trigger_type: 'time' as const,
  time_expression: 'mañana por la mañana',
  required_capabilities: ['run_later' as const, 'notify_user_later' as const],
  is_offer: false,
  confidence: 0.9,
};

export const spanishJudge = scriptedJudge({ detector: (request: ScriptedRequest) => ({ commitments: JSON.stringify(request.body.messages).includes('recordaré') ? [SPANISH_COMMITMENT] : [] }) });
