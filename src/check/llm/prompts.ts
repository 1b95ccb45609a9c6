/**
 * The three judge prompts, read from versioned text files under prompts/. Every judgment names the
 * SHA-256 of the exact prompt text that produced it, so a changed prompt is a new version: it gets
 * a new hash, and cached judgments of the old text are never reused for it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundledFile } from '../../bundled-files.ts';

export const STAGES = ['detector', 'feasibility', 'response'] as const;
export type Stage = (typeof STAGES)[number];

export const PROMPT_FILES: Record<Stage, string> = {
  detector: 'detector-v1.txt',
  feasibility: 'feasibility-v1.txt',
  response: 'response-judge-v1.txt',
};

const PROMPT_DIR = bundledFile('prompts');

export interface Prompt {
  stage: Stage;
  text: string;
  /** SHA-256 (hex) of `text`. */
  hash: string;
}

export type PromptSet = Record<Stage, Prompt>;

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function promptOf(stage: Stage, text: string): Prompt {
  return { stage, text, hash: sha256(text) };
}

/** The shipped prompts; `overrides` replaces the text of some stages (a user's own prompt, a test). */
export function loadPrompts(overrides: Partial<Record<Stage, string>> = {}): PromptSet {
  const read = (stage: Stage): Prompt => promptOf(stage, overrides[stage] ?? readFileSync(join(PROMPT_DIR, PROMPT_FILES[stage]), 'utf8'));
  return { detector: read('detector'), feasibility: read('feasibility'), response: read('response') };
}

/** Short tag naming a prompt set in engine names: the first 8 hex digits of the hash of all three hashes. */
export function promptSetTag(prompts: PromptSet): string {
  return sha256(STAGES.map((s) => prompts[s].hash).join('\n')).slice(0, 8);
}
