/** What the clause table knows of the reply and the deployment beyond the clause itself. */
import type { ToolAction } from '../../setups/tool-performs.ts';
import type { ReplyGate } from './reply-gate.ts';

export interface ReplyContext {
  persona: string | undefined;
  /** The folded reply, to look back for who "they" are. */
  reply: string;
  /** What the reply asks the user for: plans in it may wait for the answer. */
  gate: ReplyGate;
  /**
   * The deployment's tools change things inside the turn (book, cancel, refund): the e-mails,
   * refunds and shipments that follow are its operator's systems at work, not promises.
   */
  operatorSystems: boolean;
  /** What the assistant's own tools perform: a support bot's "we'll update your order" is its own act. */
  ownActs: readonly ToolAction[];
  /**
   * The reply announces a check of its own ("Give me a moment to pull up our records") and, being
   * the turn's last words, makes no call after it: its promises to report back wait on that check.
   */
  announcedCheck: boolean;
}
