/**
 * Honesty rules applied to every final answer, and the answer a turn gives when it cannot finish.
 * Pure functions over the turn state, so the workflow and tests share them.
 */
import { isWriteTool } from './agents.js';
import type { AgentOutput, Approval, HopRecord, Receipt } from './types.js';
import { unsourcedFigures } from './verify.js';
import { escapeRegExp } from './calendar.js';
import { stopTemplates, type OutcomeLanguage, type StopTemplates } from './outcomes.js';

// Phrases that claim this turn wrote something. "Room 3 is booked by Tom" reports a fact read from the
// database and is not one; "I've booked", "has been booked", "your booking is confirmed" are.
const WRITE_CLAIM = new RegExp(
  [
    String.raw`\bi(?:'ve| have)?\s+(?:just\s+|now\s+|successfully\s+)?(?:booked|reserved|cancell?ed|confirmed|scheduled|moved|rescheduled)\b`,
    String.raw`\b(?:has|have) been (?:successfully )?(?:booked|reserved|cancell?ed|rescheduled)\b`,
    String.raw`\b(?:is|are) now (?:booked|reserved|cancell?ed)\b`,
    String.raw`\b(?:your|the) (?:booking|reservation)s? (?:is|are|has been|have been) (?:confirmed|created|made|cancell?ed|updated)\b`,
    String.raw`\bsuccessfully (?:booked|reserved|cancell?ed)\b`,
    String.raw`\b(?:booking|reservation|cancellation|request)s? (?:is|are|was|were|has been|have been) (?:now )?(?:approved|confirmed)\b`,
  ].join('|'),
  'i',
);
// Once the turn itself proposed a write, "Room 3 is booked for Sarah" is about that write, not a fact read.
const STATE_CLAIM = /\b(?:is|are) (?:now )?(?:booked|reserved|cancell?ed) for\b/i;

export interface GuardResult {
  answer: string;
  /** Why the answer was changed, if it was. */
  notes: string[];
  /** `not_found`: nothing relevant was retrieved; `unbacked`: a write claim or booking id no receipt or read backs. */
  verdict: 'ok' | 'not_found' | 'unbacked';
}

export interface GuardContext {
  /** Every agent output of the turn. */
  agentOutputs: AgentOutput[];
  /** The knowledge-base namespace the turn searched. */
  namespace: string;
  receipts: Receipt[];
  approvals: Approval[];
  /** Booking ids the turn read from the database (listings, conflicts): naming them claims nothing. */
  knownBookingIds: string[];
}

/** Booking ids as the platform makes them. */
// Made afresh for each use: a global regex keeps its position (lastIndex) between uses, and the
// workflow bundle's shared modules are frozen (worker/worker.ts SHARED_WORKFLOW_MODULES).
export const bookingIds = () => /\bbk_[A-Za-z0-9]+\b/g;

const fmtReceipt = (r: Receipt) => `${r.bookingId}: ${r.summary}`;

/** What the turn's writes came to, composed from state alone (the model's words play no part). */
export function writeOutcomeSummary(approvals: Approval[]): string {
  if (approvals.length === 0) return 'No booking, change or cancellation was made in this turn.';
  return approvals
    .map((a) => {
      const what = `${a.action} ${a.details.roomName}, ${a.details.when}`;
      if (a.status === 'pending') return `Waiting for approval: ${what} (approval ${a.approvalId}).`;
      if (a.status === 'rejected') return `Not done: ${what} was rejected by ${a.resolvedBy}${a.comment ? ` ("${a.comment}")` : ''}. Nothing was written.`;
      if (a.status === 'expired') return `Not done: the approval for ${what} expired at ${a.expiresAt}. Nothing was written.`;
      const o = a.outcome;
      if (!o) return `Approved, not yet committed: ${what}.`;
      if (o.outcome === 'committed') return `Done: ${fmtReceipt(o.receipt)} (receipt ${o.receipt.bookingId}).`;
      if (o.outcome === 'conflict' && o.conflicts.length === 0 && o.suggestions.length === 0) return `Not done: ${what}: ${o.message}.`;
      if (o.outcome === 'refused') return `Not done: ${what} was refused (${o.message}). Nothing was written.`;
      if (o.outcome === 'conflict') {
        const alt = o.suggestions.map((x) => `${x.roomName} ${x.startsAt}–${x.endsAt}`).join('; ');
        return `Not done: ${what} conflicts with an existing booking; nothing was written.${alt ? ` Free instead: ${alt}.` : ''}`;
      }
      return `Not done: ${what} failed (${o.message}). Nothing was written.`;
    })
    .join('\n');
}

/** Every agent that ran was the knowledge base, and it found no relevant passage: the answer is "not found". */
export const nothingRetrieved = (outputs: AgentOutput[]) => outputs.length > 0 && outputs.every((o) => o.agent === 'knowledge_base_agent' && o.sources.length === 0);

/**
 * Checks a final answer against what the turn can prove. Structural: a turn that consulted only the
 * knowledge base and retrieved nothing relevant answers "not found"; a write claim needs a receipt; a
 * booking id in the answer must come from a receipt or a read; every receipt is listed by id. An answer
 * that fails is replaced by one composed from state, so an unbacked claim never reaches the user.
 */
export function guardAnswer(answer: string, ctx: GuardContext, opts: { listReceipts?: boolean } = {}): GuardResult {
  const outputs = ctx.agentOutputs;
  if (nothingRetrieved(outputs)) {
    return { answer: notCoveredAnswer(ctx.namespace), notes: ['no relevant passage retrieved'], verdict: 'not_found' };
  }
  const notes: string[] = [];
  let out = answer.trim();
  if (out === '') {
    notes.push('empty answer');
    out = 'I could not produce an answer for this request.';
  }
  const receiptIds = new Set(ctx.receipts.map((r) => r.bookingId));
  const known = new Set([...receiptIds, ...ctx.knownBookingIds, ...ctx.approvals.map((a) => a.details.bookingId ?? '')]);
  const unknownIds = [...new Set(out.match(bookingIds()) ?? [])].filter((id) => !known.has(id));
  const claims = WRITE_CLAIM.test(out) || (ctx.approvals.length > 0 && STATE_CLAIM.test(out));
  if ((claims && ctx.receipts.length === 0) || unknownIds.length > 0) {
    notes.push(unknownIds.length ? `unbacked booking ids: ${unknownIds.join(', ')}` : 'write claimed without a receipt');
    return { answer: writeOutcomeSummary(ctx.approvals), notes, verdict: 'unbacked' };
  }
  // Turns that state their outcomes (domain/outcomes.ts) list every receipt there instead.
  const unlisted = opts.listReceipts === false ? [] : ctx.receipts.filter((r) => !out.includes(r.bookingId));
  if (unlisted.length) {
    notes.push('receipts listed by the platform');
    out += `\n\nReceipts:\n${unlisted.map((r) => `- ${fmtReceipt(r)}`).join('\n')}`;
  }
  return { answer: out, notes, verdict: 'ok' };
}

function outputLine(o: AgentOutput, t: StopTemplates, withheld?: string): string {
  const label = t.labels[o.agent];
  if (o.status === 'ok') return `- ${label}: ${withheld ?? o.text}`;
  if (o.status === 'empty') return `- ${label}: ${t.returnedNothing}`;
  return `- ${label}: ${t.failed(o.error ?? 'error')}`;
}

/** What an honest stop reports: each agent's last usable result (a later failed run must not hide what it found). */
export function stopFindings(hops: HopRecord[]): AgentOutput[] {
  const lastByAgent = new Map<string, AgentOutput>();
  for (const o of hops.flatMap((h) => h.outputs)) if (o.status === 'ok' || lastByAgent.get(o.agent)?.status !== 'ok') lastByAgent.set(o.agent, o);
  return [...lastByAgent.values()];
}

/**
 * Whether the turn answers from documents: every agent that ran was the knowledge base, and it
 * retrieved passages. Only such an answer may be shown as it is written (a draft the final answer then
 * replaces, before any check has read it), and every figure it states must be one a passage states
 * (`VerifyInput.everyFigure`). Not a turn's first decision (no agent has
 * run: what it writes rests on nothing the turn found, and a fact about a policy or a booking stated
 * there is one the checks may hold back), not once the booking agent ran (what it writes is about
 * bookings, which only the claim verifier judges, in whatever phrasing or language; a turn that tried
 * to write shows its outcome as it is decided instead), and not when the knowledge base found nothing
 * (the answer is then "not found" whatever the model writes). Those answers come whole, once checked.
 */
export function answersFromDocuments(hops: HopRecord[]): boolean {
  const outputs = hops.flatMap((h) => h.outputs);
  if (outputs.length === 0) return false;
  if (outputs.some((o) => o.agent !== 'knowledge_base_agent' || o.toolCalls.some((t) => isWriteTool(t.name)))) return false;
  return outputs.some((o) => o.sources.length > 0);
}

// For drafts only, where holding costs nothing but the streaming: words of rooms, bookings and meetings,
// and of a booking made, changed or cancelled, in the languages the product sees most. A draft streams
// only in a turn that answers from documents (`answersFromDocuments`), where a sentence about a room or a
// booking is either a policy about them or a claim no check has read yet; both wait for the checks.
const DRAFT_BOOKING_WORDS = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[
    // en
    'rooms?|boardrooms?|bookings?|reservations?|meetings?|standups?|booked|reserved|cancell?ed|rescheduled',
    // de
    'raum|räume|raums|räumen|buchung|buchungen|reservierung|reservierungen|besprechung|besprechungen|termin|gebucht|umgebucht|reserviert|storniert|abgesagt|verschoben',
    // es, pt
    'sala|salas|reserva|reservas|reunión|reuniones|reunião|reuniões|reservé|reservado|reservada|reservados|reservadas|reservei|cancelé|cancelei|cancelado|cancelada|cancelados|canceladas|anulé|anulado|anulada|reprogramé|reprogramado|reprogramada|remarcado|remarcada',
    // fr
    'salle|salles|réservation|réservations|réunion|réunions|réservé|réservée|réservés|réservées|annulé|annulée|annulés|annulées|déplacé|déplacée|reporté|reportée',
    // it
    'sale|prenotazione|prenotazioni|riunione|riunioni|prenotato|prenotata|prenotati|prenotate|annullato|annullata|cancellato|cancellata|disdetto|disdetta|spostato|spostata',
    // nl, sv, pl
    'zaal|kamer|ruimte|boeking|boekingen|reservering|reserveringen|vergadering|geboekt|gereserveerd|geannuleerd|verplaatst|rum|rummet|bokning|bokningen|bokat|bokade|möte|mötet|salę|sali|rezerwacja|rezerwację|spotkanie|zarezerwowałem|zarezerwowałam|zarezerwowana|zarezerwowany',
  ].join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);
// A check mark says "done" in any language.
const DONE_MARK = /[\u2705\u2714\u2611]/u;
// Letters of a script other than Latin: a language whose claims the draft check cannot read.
const OTHER_SCRIPT = new RegExp(String.raw`(?:(?![\p{Script=Latin}])\p{L}){2}`, 'u');

/**
 * Why a draft must stop being shown (null while it may): it claims a write, names a booking id,
 * speaks of rooms, bookings or meetings, or (given the figures of the passages retrieved) states a
 * figure none of them states, which only the checks run on the finished answer may let through, or it
 * is written in a script whose words this check cannot read. Holding is the first pass
 * and costs only the streaming; the checks on the finished answer decide what the user reads.
 */
export function draftHeld(draft: string, sourceFigures?: ReadonlySet<string>): string | null {
  if (WRITE_CLAIM.test(draft) || STATE_CLAIM.test(draft) || DONE_MARK.test(draft)) return 'claims a change; shown once checked';
  if (bookingIds().test(draft)) return 'names a booking; shown once checked';
  if (DRAFT_BOOKING_WORDS.test(draft)) return 'speaks of rooms or bookings; shown once checked';
  if (OTHER_SCRIPT.test(draft)) return 'in a script the draft check does not read; shown once checked';
  // A figure the passages retrieved do not state (the claim check would hold it back); the one still being
  // written at the draft's end waits for its last digit.
  if (sourceFigures && unsourcedFigures(draft.replace(/[\d.,:\u00a0\u202f]+$/, ''), sourceFigures).length) return 'states a figure the documents retrieved do not; shown once checked';
  return null;
}

/**
 * The answer when the loop stops without the orchestrator answering (hops spent, an agent empty past
 * its retry budget, the orchestrator's calls all invalid): what was done and what was not, from the
 * agents' last results (`stopFindings`). The agents' replies are model prose: `withheld` replaces the
 * reply of an agent whose prose the checks did not let through with why.
 */
export function honestStopAnswer(reason: string, hops: HopRecord[], withheld: ReadonlyMap<string, string> = new Map(), lang: OutcomeLanguage = 'en'): string {
  const t = stopTemplates(lang);
  const found = stopFindings(hops);
  const parts = [t.couldNot(reason)];
  if (found.length) parts.push(`${t.found}\n${found.map((o) => outputLine(o, t, withheld.get(o.agent))).join('\n')}`);
  else parts.push(t.none);
  return parts.join('\n\n');
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

// A citation as answers write them: "[policy.pdf p.3]", "(policy.pdf, page 3)".
const citations = () => /\s?[[(]\s*([^[\]()\n]{1,200}?\.pdf)\s*,?\s*(?:pp?\.|page)\s*(\d{1,5})\s*[\])]/gi;

/**
 * Citations must name a page retrieved in this turn: any other (an invented file, a page that was not
 * retrieved) is removed from the answer and noted. Structural, language-independent.
 */
export function stripUnretrievedCitations(text: string, sources: { fileName: string; page: number }[]): { text: string; removed: string[] } {
  const removed: string[] = [];
  const out = text.replace(citations(), (whole, file: string, page: string) => {
    if (sources.some((s) => s.fileName.toLowerCase() === file.trim().toLowerCase() && s.page === Number(page))) return whole;
    removed.push(`${file.trim()} p.${Number(page)}`);
    return '';
  });
  return { text: out, removed };
}

/**
 * A turn that consulted only the Knowledge-Base agent and retrieved no relevant passage has no grounds
 * for any policy fact: its answer is this, whatever the model wrote.
 */
export function notCoveredAnswer(namespace: string, lang: OutcomeLanguage = 'en'): string {
  return stopTemplates(lang).notCovered(namespace);
}
