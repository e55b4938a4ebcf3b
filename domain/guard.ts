/**
 * Honesty rules applied to every final answer, and the answer a turn gives when it cannot finish.
 * Pure functions over the turn state, so the workflow and tests share them.
 */
import { agentSpecs } from './agents.js';
import type { AgentOutput, HopRecord, Receipt } from './types.js';

// Phrases that claim this turn wrote something. "Room 3 is booked by Tom" reports a fact read from the
// database and is not one; "I've booked", "has been booked", "your booking is confirmed" are.
const WRITE_CLAIM = new RegExp(
  [
    String.raw`\bi(?:'ve| have)?\s+(?:just\s+|now\s+|successfully\s+)?(?:booked|reserved|cancell?ed|confirmed|scheduled|moved|rescheduled)\b`,
    String.raw`\b(?:has|have) been (?:successfully )?(?:booked|reserved|cancell?ed|rescheduled)\b`,
    String.raw`\b(?:is|are) now (?:booked|reserved|cancell?ed)\b`,
    String.raw`\b(?:your|the) (?:booking|reservation)s? (?:is|are|has been|have been) (?:confirmed|created|made|cancell?ed|updated)\b`,
    String.raw`\bsuccessfully (?:booked|reserved|cancell?ed)\b`,
  ].join('|'),
  'i',
);

export interface GuardResult {
  answer: string;
  /** Why the answer was changed, if it was. */
  notes: string[];
}

/** Checks a final answer against what the turn can prove: write claims need receipts. */
export function guardAnswer(answer: string, receipts: Receipt[]): GuardResult {
  const notes: string[] = [];
  let out = answer.trim();
  if (out === '') {
    notes.push('empty answer');
    out = 'I could not produce an answer for this request.';
  }
  if (receipts.length === 0 && WRITE_CLAIM.test(out)) {
    notes.push('write claimed without a receipt');
    out += '\n\nNote: no booking or cancellation was made in this turn; nothing was written.';
  }
  return { answer: out, notes };
}

function outputLine(o: AgentOutput): string {
  const label = agentSpecs[o.agent].label;
  if (o.status === 'ok') return `- ${label}: ${o.text}`;
  if (o.status === 'empty') return `- ${label}: returned nothing.`;
  return `- ${label}: failed (${o.error ?? 'error'}).`;
}

/**
 * The answer when the loop stops without the orchestrator answering (hops spent, an agent empty past
 * its retry budget, the orchestrator's calls all invalid): what was done and what was not. No model call,
 * so nothing can be invented.
 */
export function honestStopAnswer(reason: string, hops: HopRecord[]): string {
  const outputs = hops.flatMap((h) => h.outputs);
  const lastByAgent = new Map<string, AgentOutput>();
  for (const o of outputs) lastByAgent.set(o.agent, o);
  const found = [...lastByAgent.values()];
  const parts = [`I could not complete this request: ${reason}.`];
  if (found.length) parts.push(`What I found:\n${found.map(outputLine).join('\n')}`);
  else parts.push('No agent produced a usable result.');
  return parts.join('\n\n');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The sources an answer cites ("policy.pdf p.3", "page 3 of policy.pdf"). When the text cites none of
 * them, all retrieved sources are kept: they are what the answer was drawn from.
 */
export function citedSources<S extends { fileName: string; page: number }>(text: string, sources: S[]): S[] {
  const cited = sources.filter((s) => {
    const file = escapeRegExp(s.fileName);
    const page = `(?:p\\.?|pp\\.?|page)\\s*${s.page}\\b`;
    return new RegExp(`${file}[^\\n]{0,20}?${page}|${page}[^\\n]{0,20}?${file}`, 'i').test(text);
  });
  return cited.length ? cited : sources;
}
