export * from './types.ts';
export * from './affordances.ts';
export * from './feasibility.ts';
export * from './doability.ts';
export * from './outcome.ts';
export * from './judge-commitment.ts';
export * from './turn.ts';
