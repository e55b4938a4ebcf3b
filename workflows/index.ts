/** The workflows the worker registers on the main task queue (the eval job has its own bundle: evals/workflow.ts). Deterministic code only: no I/O, clocks, randomness or Node built-ins. */
export { turnWorkflow } from './turn.js';
export { ingestionWorkflow } from './ingestion.js';
export { undoWorkflow } from './undo.js';
