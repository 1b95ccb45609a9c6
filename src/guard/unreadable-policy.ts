/**
 * What the guard does with a reply the rules cannot read (not English, or no text): `pass` sends it
 * unchanged with the verdict in the header only, `annotate` (the default) sends it with its verdict,
 * `block` replaces it with a blocking reply. In every case it is `not_labelled` and not certified.
 * On its own, with no imports, so `felicity guard --help` loads nothing for it.
 */
export const UNREADABLE_POLICIES = ['pass', 'annotate', 'block'] as const;
export type UnreadablePolicy = (typeof UNREADABLE_POLICIES)[number];
export const DEFAULT_UNREADABLE_POLICY: UnreadablePolicy = 'annotate';
