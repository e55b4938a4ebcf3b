/** The workflows the worker registers. Deterministic code only: no I/O, clocks, randomness or Node built-ins. */
export { turnWorkflow } from './turn.js';
export { ingestionWorkflow } from './ingestion.js';
export { evalWorkflow } from './eval.js';
export { undoWorkflow } from './undo.js';
