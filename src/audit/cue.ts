/**
 * The cue words of the two-stage design: a reply holding one of them may promise or claim
 * something and is always judged; the others are sampled. The default pattern is the one the
 * shipped WildChat sample's labelled strata were drawn with (../shared/data/chatlogs/SOURCE.md), so
 * a calibration drawn by it splits into the same strata; `--cue REGEX` replaces it.
 */
export const DEFAULT_CUE = /\bwill\b|['’]ll\b|\bget(ting)? back\b|\breach(ing)? out\b|\bcontact you\b|\bkeep you\b|\bfollow(ing)?[- ]?up\b|\bI['’]ve\b|\bhas been\b|\bhave been\b|\bnoted\b|escalat|\bforward/i;

export function hasCue(reply: string, cue: RegExp = DEFAULT_CUE): boolean {
  cue.lastIndex = 0;
  return cue.test(reply);
}
