/**
 * Custom deployments the renderer tests share: a direct channel, and one tool that both schedules
 * and remembers. Test support only.
 */
import { CALCULATOR, GET_CURRENT_TIME } from './builtin-tools.ts';
import type { Deployment } from './deployment.ts';

const EMPTY = { type: 'object', properties: {} };

/** A mail assistant: can email now, cannot act later, remember or obligate anyone. */
export const EMAIL_DEPLOYMENT: Deployment = {
  id: 'mailer',
  tools: [
    GET_CURRENT_TIME,
    { name: 'send_email', description: 'Sends an email.', parameters: EMPTY, capabilities: ['send_email'] },
  ],
  persistence: { acts_after_turn: false, schedules_future: false, remembers_across_sessions: false, obligates_people: false },
};

/** An agent runtime whose single tool schedules follow-ups and keeps notes across sessions. */
export const RUNTIME_DEPLOYMENT: Deployment = {
  id: 'runtime',
  tools: [
    CALCULATOR,
    {
      name: 'agent_runtime',
      description: 'Schedules follow-ups and stores notes.',
      parameters: EMPTY,
      capabilities: ['run_later', 'notify_user_later', 'recall_across_sessions', 'other:book_meeting_rooms'],
    },
  ],
  persistence: { acts_after_turn: true, schedules_future: true, remembers_across_sessions: true, obligates_people: false },
};
