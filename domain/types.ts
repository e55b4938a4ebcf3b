/**
 * The shared data shapes, re-exported from the modules that own them, for the modules that import them
 * from one place: chat messages and usage (`chat.ts`), receipts, write details and approvals
 * (`approvals.ts`), what tools and agents return, decisions, hops and conversations
 * (`orchestration.ts`), the event log (`events.ts`), the turn's input (`turn-input.ts`), and the view
 * and saved record of a turn (`turn-view.ts`). Nothing is defined here; the turn's state is the
 * workflow's (`workflows/turn-state.ts`).
 */
export * from './chat.js';
export * from './approvals.js';
export * from './orchestration.js';
export * from './events.js';
export * from './turn-input.js';
export * from './turn-view.js';
