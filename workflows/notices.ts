/**
 * The workflow's side of change notices (adapters/notices.ts): each appended event is announced through
 * a sink, which the worker runs after the activation, outside the workflow and never on replay. Nothing
 * of it reaches history, so adding or changing it needs no patch; a lost notice only delays a reader.
 */
import { proxySinks, type Sinks } from '@temporalio/workflow';

export interface NoticeSinks extends Sinks {
  notices: {
    /** Events appended to the workflow's log; `terminal`: the last, announced without content. */
    appended(events: { offset: number; type: string; at: string; data: Record<string, unknown> }[], terminal: boolean): void;
  };
}

const { notices } = proxySinks<NoticeSinks>();

/** Announces `event` (progress: with its content; terminal: only that the log moved on). */
export function announce(event: { offset: number; type: string; at: string; data: Record<string, unknown> }, terminal = false): void {
  notices.appended([event], terminal);
}
