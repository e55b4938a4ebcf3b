/**
 * Signals, queries and updates of the turn workflow. Each constant's name equals its wire name; the
 * API, tests and CLI examples use these constants or that name, never a second spelling.
 */
import { defineQuery } from '@temporalio/workflow';
import type { TurnEvent, TurnState } from '../domain/types.js';

/** A snapshot of the whole turn state. A query handler must not change state. */
export const state = defineQuery<TurnState>('state');

/** The event log after an offset (`after: -1` for all of it). */
export const events = defineQuery<TurnEvent[], [{ after: number }]>('events');
