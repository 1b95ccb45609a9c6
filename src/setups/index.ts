/** The setups module's public surface: deployments, built-in setups, prompts and mocked tools. */
export * from './deployment.ts';
export * from './builtin.ts';
export * from './builtin-tools.ts';
export * from './fixed-time.ts';
export { evaluateArithmetic, MAX_EXPRESSION_LENGTH, type ArithmeticResult } from './calculator.ts';
export { runMockTool, MAX_ECHO_CHARS } from './mock-tools.ts';
export * from './personas.ts';
export * from './persona-tools.ts';
export { environmentParagraph } from './environment-paragraph.ts';
export { capabilityCard, CAPABILITY_CARD_HEADING } from './capability-card.ts';
export * from './system-prompt.ts';
export { DeploymentError, type DeploymentIssue } from './deployment-error.ts';
export { parseDeployment, deploymentSchema } from './deployment-schema.ts';
export * from './load-deployment.ts';
export { inferCapabilities, type CapabilityGuess, type ToolText } from './infer-capabilities.ts';
export { readToolSchemas, formatToolSchemaProblem, type ToolSchema, type ToolSchemaProblem } from './tool-schemas.ts';
export { draftDeployment, type Draft, type DraftOptions } from './draft-deployment.ts';
