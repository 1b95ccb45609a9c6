/**
 * What a promised act is, read from the words after the future marker ("remind you at 9",
 * "keep an eye on the price", "pass this on to the team"). One row per kind of act; the first
 * row whose pattern matches the start of the predicate wins. Extend a row to teach a new verb.
 */
import type { Capability } from '../../core/types.ts';
import { phrases, VERB_PREFIXES } from './lexicon.ts';

export type ActKind =
  | 'email'
  | 'sms'
  | 'call'
  | 'file'
  | 'notify'
  | 'deliver'
  | 'watch'
  | 'recall'
  | 'delegate'
  | 'ask_person'
  | 'phatic'
  | 'in_turn';

/** Every act row's name: decisions compare these, never display text. */
export type ActId =
  | 'ask the user' | 'state' | 'availability' | 'email' | 'text message' | 'phone call' | 'file' | 'remind' | 'watch' | 'let you know'
  | 'send' | 'remember' | 'get a person to act' | 'pass on' | 'plan of this reply' | 'narration';

export interface ActRow {
  kind: ActKind;
  id: ActId;
  pattern: RegExp;
}

const w = '[\\w\'-]+';
/** Up to n words of object ("send the full checklist over"). */
const upTo = (n: number) => `(?:${w}\\s+){0,${n}}`;

export const ACT_ROWS: readonly ActRow[] = [
  // "If something comes up, I'll ask for your help": asking the user happens in a message of this chat.
  { kind: 'in_turn', id: 'ask the user', pattern: /^ask (?:you )?(?:for )?your (?:help|assistance|input|opinion|advice|feedback|thoughts|permission)\b/i },
  // "I'll be starting fresh", "I'll be honest": a state of the assistant, not an act for the user.
  { kind: 'phatic', id: 'state', pattern: /^be (?!in touch|sending|reminding|checking|watching|keeping|following|monitoring|calling|contacting|emailing|texting|messaging|back (?:in touch|to you)|getting back|reaching|there (?:at|on|to)|pinging|nudging|tracking|looking out|on the lookout|alerting|notifying|updating|writing|in contact)/i },
  { kind: 'phatic', id: 'availability', pattern: /^(?:be (?:here|around|available|waiting|right here|on hand)|be (?:happy|glad|delighted) to help|do (?:my|our) best|always be here)\b/i },
  { kind: 'email', id: 'email', pattern: new RegExp(`^(?:e-?mail|drop you an e-?mail|shoot you an e-?mail|send ${upTo(6)}(?:by|via|through|over|in an?|to your) (?:e-?mail|inbox)|send (?:you )?(?:an )?e-?mail)`, 'i') },
  { kind: 'sms', id: 'text message', pattern: new RegExp(`^(?:text(?! box)|sms|whatsapp|send ${upTo(6)}(?:by|via|as an?|in an?) (?:text|sms|whatsapp)|send (?:you )?(?:a |an )?(?:text|sms))\\b`, 'i') },
  { kind: 'call', id: 'phone call', pattern: /^(?:call you|ring you|phone you|give you a (?:call|ring|bell|buzz on the phone)|call (?:you )?back|ring (?:you )?back|call (?:your|the) (?:phone|number|mobile))/i },
  { kind: 'file', id: 'file', pattern: new RegExp(`^(?:send ${upTo(6)}(?:as an? |in an? )(?:pdf|file|attachment|document|spreadsheet)|send (?:over |you )?${upTo(3)}(?:pdf|attachment|spreadsheet)\\b|attach|upload)`, 'i') },
  { kind: 'notify', id: 'remind', pattern: /^(?:remind|nudge|prompt|alert|notify|ping|buzz) you\b|^(?:send|give|drop) you (?:a |an |another )?(?:quick |gentle |friendly )?(?:reminder|nudge|ping|prompt|heads-?up|shout|alert|notification|message|note|update)|^make sure (?:that )?you (?:get|receive|are reminded|hear|know)|^set (?:up )?(?:a |an |the |your |that )?(?:reminder|alarm|alert|notification)|^schedule\b/i },
  { kind: 'watch', id: 'watch', pattern: /^(?:keep (?:an |a close |a )?eye (?:on|out)|monitor|watch (?:for|out|the|it|over)|track|keep tabs|keep checking|check (?:on|for|back|in on|again|the (?:forecast|news|price|status|site|page))|look out for|stay on top of|keep watch)/i },
  { kind: 'notify', id: 'let you know', pattern: /^(?:let you know|tell you\b|message you\b|update you\b|keep you (?:posted|updated|informed|in the loop)|give you (?:a |an )?(?:shout|heads-?up|update|nudge|buzz|call)|get back (?:to you|in touch)|come back to you|circle back|check in|follow up|reach out(?!\s+to\s+(?!you\b))|contact you|be in touch|get in touch(?!\s+with\s+(?!you\b))|touch base|drop you a (?:line|note|message)|keep you company|ask (?:you|how|what|whether|if|about)|see how)/i },
  { kind: 'deliver', id: 'send', pattern: new RegExp(`^(?:send|deliver|post|share ${upTo(6)}with you|forward ${upTo(6)}to you|get ${upTo(4)}(?:to|over to) you|have ${upTo(4)}(?:ready|waiting) for you|bring)`, 'i') },
  { kind: 'recall', id: 'remember', pattern: /^(?:remember|recall|not forget|never forget|keep (?:this|that|it|these|those|your|all|the|them)\b.{0,60}?\bin mind|bear (?:this|that|it|these|those|your)\b.{0,60}?\bin mind|have (?:this|that|it|these|your) on (?:file|record)|have\b.{0,50}?\bin mind|keep (?:this|that|it|these|them|your \w+) (?:on file|noted|saved|safe|stored|for (?:next time|later|the future|future))|keep (?:a note|note|track|a record)\b|factor (?:this|that|it|in)|take (?:this|that|it) into account|tailor|use (?:this|that|these|those|your|it)|make sure (?:every|all|any|each|the|my)|always (?:suggest|keep|use|avoid|give|check|stick)|avoid|stick to|skip|leave out|steer clear|pick up where|continue (?:from|where)|start (?:from|with) (?:where|chapter))/i },
  { kind: 'ask_person', id: 'get a person to act', pattern: /^(?:ask (?:the|our|a|an|someone|somebody|one of|my)|get (?:someone|somebody|a |an |one of|the |our )\b.{0,50}?\bto\b|have (?:someone|somebody|a |an |one of|the |our )\b.{0,50}?\b(?:call|ring|contact|get|reach|look|visit|email|phone|come|be)|make sure (?:someone|somebody|(?:the|our|your|a|an) (?:\w+ )?(?:team|engineers?|advisors?|agents?|technicians?|staff|colleagues?|members?))|arrange (?:for )?(?:someone|somebody|an? (?:engineer|advisor|agent|technician|callback|call|visit|appointment)|a member)|arrange for\b.{0,50}?\bto\b)/i },
  { kind: 'delegate', id: 'pass on', pattern: /^(?:pass (?:this|it|that|your|the|them|these|those)\b.{0,50}?\b(?:on|along|over)|pass on|loop in\b|loop (?:the|our|a|an) [\w ]{0,30}? in\b|reach out to (?!you\b)|get in touch with (?!you\b)|contact (?:the|your|their|our|a|an) |hand (?:this|it|that|you) (?:over|on)|forward (?:this|it|that|your|the)|escalate|flag (?:this|it|that|your)|raise (?:this|it|that|your|a|an)|report (?:this|it|that)|let (?:the|our|my|a|an)\b.{0,50}?\bknow|log (?:this|it|that|a|an|your)|put (?:in )?(?:a|an) (?:request|ticket|note|complaint)|open (?:a|an) (?:ticket|case)|create (?:a|an) (?:ticket|case)|file (?:a|an)|submit (?:a|an|this|your)|request (?:a|an) (?:callback|call|visit)|book (?:a|an|you)\b|arrange (?:a|an|the)\b|chase|get (?:this|it|that) (?:sorted|fixed|looked at))/i },
  { kind: 'in_turn', id: 'plan of this reply', pattern: /^(?:start (?:with|by|off)|begin|kick off|cover|focus on|outline|break (?:it|this|that|things|them) down|walk you through|go through (?:each|the|them|it|this)|lay out|keep (?:it|this|things) (?:short|brief|simple)|split (?:it|this|them))\b/i },
  {
    kind: 'in_turn',
    id: 'narration',
    pattern: /^(?:check|look|pull|break|walk you through|explain|show|list|outline|start|go (?:through|over)|give|share|put together|draft|write|summari[sz]e|help|answer|do (?:that|this|it|the)|try|keep (?:it|this|things) (?:short|brief|simple)|make|calculate|work out|find|suggest|recommend|note|jot|cover|include|add|run through|take you through|focus|get you|leave|need|assume|guide|be (?:honest|upfront|straight|quick|brief)|update (?:the|your|this|that|it)|sort|handle|take care|fix|see what|see if|get (?:started|back to (?:the|your|it))|come up with|create|prepare|whip up|crunch|tally|pick|compare|organi[sz]e|double-check|plan|put|set (?:out|you up)|adjust|revise|rewrite|convert|translate|answer|clarify|repeat|stop|use (?:celsius|fahrenheit|metric|imperial|bullet|plain))/i,
  },
];

const PREFIX = new RegExp(`^(?:${phrases(VERB_PREFIXES)})\\s+`, 'i');

/** Drops adverbs and hedges between the marker and the verb ("also", "make sure to", "be sure to"). */
export function stripPrefixes(predicate: string): string {
  let rest = predicate.trim();
  for (let guard = 0; guard < 6; guard++) {
    const next = rest.replace(PREFIX, '');
    if (next === rest) break;
    rest = next;
  }
  return rest;
}

/** How strongly an act points past the turn, when a predicate joins several ("look into it and get back to you"). */
const WEIGHT: Record<ActKind, number> = {
  email: 9, sms: 9, call: 9, file: 9, watch: 8, notify: 7, deliver: 6, ask_person: 5, delegate: 5, recall: 4, in_turn: 1, phatic: 0,
};

/** The act of a predicate: the strongest act among its "and"-joined parts. */
export function classifyAct(predicate: string): ActRow | null {
  let best: ActRow | null = null;
  for (const part of predicate.split(/\s+and\s+(?:then\s+|also\s+)?/i)) {
    const row = ACT_ROWS.find((candidate) => candidate.pattern.test(stripPrefixes(part)));
    if (row && (!best || WEIGHT[row.kind] > WEIGHT[best.kind])) best = row;
  }
  return best;
}

/** The capabilities an act needs, given its trigger (LABELING.md "Capabilities"). */
export function capabilitiesFor(kind: ActKind, trigger: string): Capability[] {
  const event = trigger === 'external_event';
  switch (kind) {
    case 'email':
      return ['send_email', event ? 'watch_event' : 'run_later'];
    case 'sms':
      return ['send_sms', event ? 'watch_event' : 'run_later'];
    case 'call':
      return ['phone_call', event ? 'watch_event' : 'run_later'];
    case 'file':
      return ['send_file', event ? 'watch_event' : 'run_later'];
    case 'delegate':
    case 'ask_person':
      return ['delegate_to_human'];
    case 'recall':
      return ['recall_across_sessions'];
    case 'watch':
      // Checking at a set time is acting later; watching for something to happen needs a trigger.
      return trigger === 'time' ? ['run_later', 'notify_user_later'] : ['watch_event', 'notify_user_later'];
    case 'notify':
      if (trigger === 'next_session') return ['recall_across_sessions'];
      if (event) return ['watch_event', 'notify_user_later'];
      return trigger === 'time' ? ['notify_user_later'] : ['run_later', 'notify_user_later'];
    case 'deliver':
    case 'in_turn':
    case 'phatic':
      if (trigger === 'next_session') return ['recall_across_sessions'];
      if (event) return ['watch_event', 'notify_user_later'];
      return ['run_later', 'notify_user_later'];
  }
}
