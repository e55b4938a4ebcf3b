/**
 * What a turn's writes came to, stated by the system from its approvals and receipts (never by the
 * model): the structured `outcomes` of a turn, and their text in the user's language. Pure and
 * deterministic, so the workflow renders them and a replay renders the same.
 */
import { formatRange } from './time.js';
import { readLines, type RoomTime } from './calendar.js';
import type { Approval, Slot } from './approvals.js';
import type { AgentName } from './agents.js';
import type { BudgetOver } from './cost.js';

export const OUTCOME_KINDS = ['committed', 'rejected', 'expired', 'conflict', 'not_proposed', 'refused', 'failed', 'pending'] as const;
export type OutcomeKind = (typeof OUTCOME_KINDS)[number];
export type WriteAction = 'create' | 'update' | 'cancel';

/** One attempted write and what became of it. */
export interface WriteOutcome {
  kind: OutcomeKind;
  action: WriteAction;
  /** Null when no approval was requested (not proposed, refused before approval). */
  approvalId: string | null;
  /** The receipt's booking id when committed; the booking concerned otherwise, if known. */
  bookingId: string | null;
  roomName: string | null;
  /** The booking's times, for people (workspace time zone). */
  when: string | null;
  bookedFor: string | null;
  /** Who rejected it or approved it. */
  by: string | null;
  comment: string | null;
  /** Why it was not done (policy, validation, conflict, failure), in the system's words. */
  reason: string | null;
  /** Free alternatives after a conflict. */
  suggestions: Slot[];
}

/** A write that never became an approval: the policy refused it, or it was not valid to propose. */
export interface WriteAttempt {
  action: WriteAction;
  refused: boolean;
  /** It overlapped a booking already there. */
  conflict: boolean;
  reason: string;
  suggestions: Slot[];
}

export const actionOfTool = (tool: string): WriteAction => (tool === 'cancel_booking' ? 'cancel' : tool === 'update_booking' ? 'update' : 'create');

/** The outcomes of a turn: its approvals in order, then the writes that were never proposed. */
export function turnOutcomes(approvals: Approval[], attempts: WriteAttempt[]): WriteOutcome[] {
  const fromApprovals = approvals.map((a): WriteOutcome => {
    const d = a.details;
    const base: WriteOutcome = {
      kind: 'pending',
      action: a.action,
      approvalId: a.approvalId,
      bookingId: d.bookingId,
      roomName: d.roomName,
      when: d.when,
      bookedFor: d.bookedFor,
      by: a.resolvedBy,
      comment: a.comment,
      reason: null,
      suggestions: [],
    };
    if (a.status === 'pending' || a.status === 'rejected' || a.status === 'expired') return { ...base, kind: a.status };
    const o = a.outcome;
    if (!o) return base;
    if (o.outcome === 'committed') return { ...base, kind: 'committed', bookingId: o.receipt.bookingId, roomName: o.receipt.roomName };
    if (o.outcome === 'conflict') return { ...base, kind: 'conflict', reason: o.message, suggestions: o.suggestions };
    return { ...base, kind: o.outcome, reason: o.message };
  });
  const fromAttempts = attempts.map(
    (t): WriteOutcome => ({
      kind: t.refused ? 'refused' : t.conflict ? 'conflict' : 'not_proposed',
      action: t.action,
      approvalId: null,
      bookingId: null,
      roomName: null,
      when: null,
      bookedFor: null,
      by: null,
      comment: null,
      reason: t.reason,
      suggestions: t.suggestions,
    }),
  );
  return [...fromApprovals, ...fromAttempts];
}

// ---------------------------------------------------------------- the user's language

export const OUTCOME_LANGUAGES = ['en', 'de', 'es', 'fr'] as const;
export type OutcomeLanguage = (typeof OUTCOME_LANGUAGES)[number];

// Function words that tell the four languages apart in a short question. This picks a template's
// language; it decides nothing about honesty. Word edges are Unicode letters (`\b` is ASCII-only, so
// it would find the Spanish "es" inside "refeições").
const words = (list: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`, 'giu');
const MARKERS: Record<Exclude<OutcomeLanguage, 'en'>, RegExp> = {
  de: words('der|die|das|und|ist|ein|eine|einen|für|bitte|mich|mir|mein|meine|raum|buche|buchen|morgen|heute|um|uhr|nicht|kannst|können|ich|wir|storniere|verschiebe|was|sagt|zu'),
  es: words('el|la|los|las|y|es|un|una|para|por|favor|mi|mis|sala|reserva|reservar|mañana|hoy|de|cancela|cancelar|mueve|puedes|quiero|está|libre|qué|dice|hay'),
  fr: words("le|la|les|et|est|un|une|pour|merci|mon|ma|mes|salle|réserve|réserver|demain|aujourd'hui|de|annule|annuler|déplace|peux|veux|libre|s'il|vous|plaît|que|dit|sur"),
};
const EN = words('the|and|is|a|an|for|please|me|my|room|book|tomorrow|today|at|can|you|cancel|move|free|what|i|does|say|about');
// Languages without a template: recognized so that they get English rather than a neighbour's template
// (a tie goes to English too).
const OTHERS = [
  words("il|lo|gli|per|della|sala|prenota|prenotare|domani|oggi|alle|dalle|venerdì|grazie|posso|annulla|cosa|sui|con|libera|c'è|è|pranzo|pasti"),
  words('o|os|as|um|uma|para|sala|reserve|reservar|amanhã|hoje|às|das|sexta|obrigado|posso|cancele|na|no|que|diz|com|há|livre|sobre|almoço'),
];

/** The language of the question, among those with a template; English otherwise. */
export function detectLanguage(text: string): OutcomeLanguage {
  const count = (re: RegExp) => (text.match(re) ?? []).length;
  let best: OutcomeLanguage = 'en';
  let score = count(EN);
  for (const lang of ['de', 'es', 'fr'] as const) {
    const n = count(MARKERS[lang]);
    if (n > score) {
      best = lang;
      score = n;
    }
  }
  return OTHERS.some((re) => count(re) >= score) && best !== 'en' ? 'en' : best;
}

interface Templates {
  heading: string;
  action: Record<WriteAction, string>;
  committed: (what: string, id: string, forWhom: string) => string;
  rejected: (what: string, by: string, comment: string) => string;
  expired: (what: string) => string;
  conflict: (what: string, reason: string) => string;
  notProposed: (what: string, reason: string) => string;
  refused: (what: string, reason: string) => string;
  failed: (what: string, reason: string) => string;
  pending: (what: string, id: string) => string;
  freeInstead: string;
  nothing: string;
  /** Instead of prose that said a room is free or a booking exists, when the turn read no bookings. */
  unchecked: string;
  /** Instead of prose that said a booking is the user's own, when no booking of theirs was read. */
  notYours: string;
  /** Instead of prose that said what a policy or document says, when no passage was retrieved. */
  notSearched: string;
  /** Instead of prose that gave a policy's figures no passage retrieved states. */
  unsourced: string;
  /** Instead of prose that said a room is free or a booking exists where the turn's reads found otherwise; then what they found. */
  contradicted: string;
  /** Instead of prose that said a room is free at a time the turn's reads of it did not look at; then what they found. */
  unread: string;
  free: string;
  booked: string;
  /** Instead of prose the verifier could not check, in a turn that attempted no write. */
  withheld: string;
  sources: string;
}

const q = (s: string) => `“${s}”`;
const TEMPLATES: Record<OutcomeLanguage, Templates> = {
  en: {
    heading: 'What happened (stated by the system from the approvals and receipts):',
    action: { create: 'Booking', update: 'Change', cancel: 'Cancellation' },
    committed: (w, id, f) => `Done: ${w}${f ? ` for ${f}` : ''} (receipt ${id}).`,
    rejected: (w, by, c) => `Not done: ${w} was rejected by ${by}${c ? ` (${q(c)})` : ''}. Nothing was written.`,
    expired: (w) => `Not done: nobody approved ${w} in time. Nothing was written.`,
    conflict: (w, r) => `Not done: ${w} conflicts with another booking${r ? ` (${r})` : ''}. Nothing was written.`,
    notProposed: (w, r) => `Not proposed: ${w}: ${r}. Nothing was written.`,
    refused: (w, r) => `Refused by the booking policy: ${w}: ${r}. Nothing was written.`,
    failed: (w, r) => `Not done: ${w} failed (${r}). Nothing was written.`,
    pending: (w, id) => `Waiting for approval: ${w} (approval ${id}). Nothing is written until someone approves it.`,
    freeInstead: 'Free instead',
    nothing: 'No booking, change or cancellation was made in this turn.',
    unchecked: 'I did not check the bookings in this turn, so I cannot say which rooms are free or what is booked. Ask me to check availability.',
    notYours: 'None of the bookings I read in this conversation is yours, so I cannot say what you have booked. Ask me to list your bookings.',
    notSearched: 'This answer was not looked up in the documents, so it is not shown. Please ask again.',
    unsourced: 'This answer gives figures that the documents retrieved do not state, so it is not shown. Please read the pages below, or ask again.',
    contradicted: 'This answer does not match what I read in the bookings, so it is not shown. What I read:',
    unread: 'This answer says more than I read in the bookings, so it is not shown. What I read:',
    free: 'free',
    booked: 'booked',
    withheld: 'This answer could not be checked before it reached you, so it is not shown. Please ask again.',
    sources: 'Retrieved in this turn',
  },
  de: {
    heading: 'Was geschehen ist (vom System aus Freigaben und Belegen angegeben):',
    action: { create: 'Buchung', update: 'Änderung', cancel: 'Stornierung' },
    committed: (w, id, f) => `Erledigt: ${w}${f ? ` für ${f}` : ''} (Beleg ${id}).`,
    rejected: (w, by, c) => `Nicht erledigt: ${w} wurde von ${by} abgelehnt${c ? ` (${q(c)})` : ''}. Es wurde nichts gespeichert.`,
    expired: (w) => `Nicht erledigt: ${w} wurde nicht rechtzeitig freigegeben. Es wurde nichts gespeichert.`,
    conflict: (w, r) => `Nicht erledigt: ${w} überschneidet sich mit einer anderen Buchung${r ? ` (${r})` : ''}. Es wurde nichts gespeichert.`,
    notProposed: (w, r) => `Nicht vorgeschlagen: ${w}: ${r}. Es wurde nichts gespeichert.`,
    refused: (w, r) => `Von der Buchungsrichtlinie abgelehnt: ${w}: ${r}. Es wurde nichts gespeichert.`,
    failed: (w, r) => `Nicht erledigt: ${w} ist fehlgeschlagen (${r}). Es wurde nichts gespeichert.`,
    pending: (w, id) => `Wartet auf Freigabe: ${w} (Freigabe ${id}). Erst nach der Freigabe wird etwas gespeichert.`,
    freeInstead: 'Stattdessen frei',
    nothing: 'In diesem Schritt wurde nichts gebucht, geändert oder storniert.',
    unchecked: 'Ich habe in diesem Schritt keine Buchungen abgefragt und kann daher nicht sagen, welche Räume frei oder was gebucht ist. Bitte mich, die Verfügbarkeit zu prüfen.',
    notYours: 'Keine der Buchungen, die ich in diesem Gespräch abgefragt habe, gehört dir, daher kann ich nicht sagen, was du gebucht hast. Bitte mich, deine Buchungen aufzulisten.',
    notSearched: 'Diese Antwort wurde nicht in den Dokumenten nachgeschlagen und wird daher nicht angezeigt. Bitte frag noch einmal.',
    unsourced: 'Diese Antwort nennt Zahlen, die in den gefundenen Dokumenten nicht stehen, und wird daher nicht angezeigt. Lies bitte die Seiten unten nach oder frag noch einmal.',
    contradicted: 'Diese Antwort passt nicht zu dem, was ich in den Buchungen gelesen habe, und wird daher nicht angezeigt. Was ich gelesen habe:',
    unread: 'Diese Antwort sagt mehr, als ich in den Buchungen gelesen habe, und wird daher nicht angezeigt. Was ich gelesen habe:',
    free: 'frei',
    booked: 'gebucht',
    withheld: 'Diese Antwort konnte nicht geprüft werden und wird daher nicht angezeigt. Bitte frag noch einmal.',
    sources: 'In diesem Schritt gefunden',
  },
  es: {
    heading: 'Lo que ocurrió (indicado por el sistema a partir de aprobaciones y recibos):',
    action: { create: 'Reserva', update: 'Cambio', cancel: 'Cancelación' },
    committed: (w, id, f) => `Hecho: ${w}${f ? ` para ${f}` : ''} (recibo ${id}).`,
    rejected: (w, by, c) => `No realizado: ${by} rechazó ${w}${c ? ` (${q(c)})` : ''}. No se guardó nada.`,
    expired: (w) => `No realizado: nadie aprobó ${w} a tiempo. No se guardó nada.`,
    conflict: (w, r) => `No realizado: ${w} coincide con otra reserva${r ? ` (${r})` : ''}. No se guardó nada.`,
    notProposed: (w, r) => `No propuesto: ${w}: ${r}. No se guardó nada.`,
    refused: (w, r) => `Rechazado por la política de reservas: ${w}: ${r}. No se guardó nada.`,
    failed: (w, r) => `No realizado: ${w} falló (${r}). No se guardó nada.`,
    pending: (w, id) => `Pendiente de aprobación: ${w} (aprobación ${id}). No se guarda nada hasta que alguien lo apruebe.`,
    freeInstead: 'Libre en su lugar',
    nothing: 'En este turno no se reservó, cambió ni canceló nada.',
    unchecked: 'En este turno no consulté las reservas, así que no puedo decir qué salas están libres ni qué está reservado. Pídeme que compruebe la disponibilidad.',
    notYours: 'Ninguna de las reservas que consulté en esta conversación es tuya, así que no puedo decir qué has reservado. Pídeme que liste tus reservas.',
    notSearched: 'Esta respuesta no se consultó en los documentos, así que no se muestra. Vuelve a preguntar, por favor.',
    unsourced: 'Esta respuesta da cifras que los documentos encontrados no recogen, así que no se muestra. Consulta las páginas de abajo o vuelve a preguntar, por favor.',
    contradicted: 'Esta respuesta no coincide con lo que leí en las reservas, así que no se muestra. Lo que leí:',
    unread: 'Esta respuesta dice más de lo que leí en las reservas, así que no se muestra. Lo que leí:',
    free: 'libre',
    booked: 'reservada',
    withheld: 'Esta respuesta no se pudo comprobar, así que no se muestra. Vuelve a preguntar, por favor.',
    sources: 'Encontrado en este turno',
  },
  fr: {
    heading: 'Ce qui s’est passé (indiqué par le système à partir des approbations et des reçus) :',
    action: { create: 'Réservation', update: 'Modification', cancel: 'Annulation' },
    committed: (w, id, f) => `Fait : ${w}${f ? ` pour ${f}` : ''} (reçu ${id}).`,
    rejected: (w, by, c) => `Non effectué : ${w} a été refusée par ${by}${c ? ` (${q(c)})` : ''}. Rien n’a été enregistré.`,
    expired: (w) => `Non effectué : personne n’a approuvé ${w} à temps. Rien n’a été enregistré.`,
    conflict: (w, r) => `Non effectué : ${w} chevauche une autre réservation${r ? ` (${r})` : ''}. Rien n’a été enregistré.`,
    notProposed: (w, r) => `Non proposé : ${w} : ${r}. Rien n’a été enregistré.`,
    refused: (w, r) => `Refusé par la politique de réservation : ${w} : ${r}. Rien n’a été enregistré.`,
    failed: (w, r) => `Non effectué : ${w} a échoué (${r}). Rien n’a été enregistré.`,
    pending: (w, id) => `En attente d’approbation : ${w} (approbation ${id}). Rien n’est enregistré avant l’approbation.`,
    freeInstead: 'Libre à la place',
    nothing: 'Aucune réservation, modification ou annulation n’a été faite dans ce tour.',
    unchecked: 'Je n’ai pas consulté les réservations dans ce tour, je ne peux donc pas dire quelles salles sont libres ni ce qui est réservé. Demandez-moi de vérifier la disponibilité.',
    notYours: 'Aucune des réservations que j’ai consultées dans cette conversation n’est à vous, je ne peux donc pas dire ce que vous avez réservé. Demandez-moi de lister vos réservations.',
    notSearched: 'Cette réponse n’a pas été vérifiée dans les documents, elle n’est donc pas affichée. Veuillez reposer la question.',
    unsourced: 'Cette réponse donne des chiffres que les documents trouvés n’indiquent pas, elle n’est donc pas affichée. Consultez les pages ci-dessous ou reposez la question.',
    contradicted: 'Cette réponse ne correspond pas à ce que j’ai lu dans les réservations, elle n’est donc pas affichée. Ce que j’ai lu :',
    unread: 'Cette réponse dit plus que ce que j’ai lu dans les réservations, elle n’est donc pas affichée. Ce que j’ai lu :',
    free: 'libre',
    booked: 'réservée',
    withheld: 'Cette réponse n’a pas pu être vérifiée, elle n’est donc pas affichée. Veuillez reposer la question.',
    sources: 'Trouvé dans ce tour',
  },
};

/** One outcome as a line of text in `lang`. */
export function outcomeLine(o: WriteOutcome, lang: OutcomeLanguage, timezone: string): string {
  const t = TEMPLATES[lang];
  const what = [t.action[o.action], o.roomName, o.when].filter(Boolean).join(' · ');
  const reason = o.reason ?? '';
  let line: string;
  switch (o.kind) {
    case 'committed':
      line = t.committed(what, o.bookingId ?? '', o.bookedFor ?? '');
      break;
    case 'rejected':
      line = t.rejected(what, o.by ?? '?', o.comment ?? '');
      break;
    case 'expired':
      line = t.expired(what);
      break;
    case 'conflict':
      line = t.conflict(what, reason);
      break;
    case 'not_proposed':
      line = t.notProposed(what, reason);
      break;
    case 'refused':
      line = t.refused(what, reason);
      break;
    case 'failed':
      line = t.failed(what, reason);
      break;
    default:
      line = t.pending(what, o.approvalId ?? '');
  }
  if (o.suggestions.length) line += ` ${t.freeInstead}: ${o.suggestions.map((s) => `${s.roomName} ${formatRange(s.startsAt, s.endsAt, timezone)}`).join('; ')}.`;
  return `- ${line}`;
}

/** The outcome block appended to a turn's answer; empty when the turn attempted no write. */
export function renderOutcomes(outcomes: WriteOutcome[], lang: OutcomeLanguage, timezone: string): string {
  if (outcomes.length === 0) return '';
  return [TEMPLATES[lang].heading, ...outcomes.map((o) => outcomeLine(o, lang, timezone))].join('\n');
}

/** What the turn says instead of prose that claimed what no receipt backs. */
export function nothingDone(lang: OutcomeLanguage): string {
  return TEMPLATES[lang].nothing;
}

/** What the turn says instead of prose that stated free rooms or existing bookings no read backs. */
export function bookingsNotChecked(lang: OutcomeLanguage): string {
  return TEMPLATES[lang].unchecked;
}

/** What the turn says instead of prose that said a booking is the user's own, when no booking of theirs was read. */
export function noBookingOfYours(lang: OutcomeLanguage): string {
  return TEMPLATES[lang].notYours;
}

/** What the turn says instead of prose that stated what a policy or document says, with no passage retrieved. */
export function documentsNotSearched(lang: OutcomeLanguage): string {
  return TEMPLATES[lang].notSearched;
}

/** What the turn says instead of prose that gave a policy's figures no passage retrieved states, with the pages it retrieved. */
export function figuresNotInDocuments(lang: OutcomeLanguage, pages: string[]): string {
  const t = TEMPLATES[lang];
  return pages.length ? `${t.unsourced}\n${t.sources}: ${pages.join(', ')}.` : t.unsourced;
}

/**
 * What the turn says instead of prose its booking reads contradict (or, `unread`, that says more than
 * they found): that, and each stretch of a room's time they found free or booked.
 */
export function readsSay(lang: OutcomeLanguage, times: RoomTime[], timezone: string, why: 'contradicted' | 'unread' = 'contradicted'): string {
  const t = TEMPLATES[lang];
  return [t[why], ...readLines(times, timezone, { free: t.free, booked: t.booked })].join('\n');
}

/**
 * What a turn that attempted no write says instead of prose the verifier could not check (failed
 * closed): that it is withheld, and which pages were retrieved, so the user can read them.
 */
export function answerWithheld(lang: OutcomeLanguage, pages: string[]): string {
  const t = TEMPLATES[lang];
  return pages.length ? `${t.withheld}\n${t.sources}: ${pages.join(', ')}.` : t.withheld;
}

// ---------------------------------------------------------------- honest stops and "not found"

/** Why a turn stopped without the orchestrator's answer, with the figures to say it. */
export type StopCause =
  | { kind: 'hops'; max: number }
  | { kind: 'retries'; agents: AgentName[]; attempts: number }
  | { kind: 'budget'; over: BudgetOver };

/** What a turn says when it stops without the orchestrator's answer, and when the documents have nothing. */
export interface StopTemplates {
  couldNot: (reason: string) => string;
  found: string;
  none: string;
  hops: (max: number) => string;
  retries: (agents: string, attempts: number) => string;
  tokens: (budget: string, used: string) => string;
  usd: (budget: string, spent: string) => string;
  returnedNothing: string;
  failed: (error: string) => string;
  /** An agent's reply not quoted, with why and the pages it retrieved. */
  notShown: (why: string, pages: string[]) => string;
  claims: string;
  unchecked: (detail: string) => string;
  labels: Record<AgentName, string>;
  notCovered: (namespace: string) => string;
  /** A turn that failed for good (an activity out of retries), with the failure's own message. */
  turnFailed: (message: string) => string;
  /** A turn whose workflow closed without finishing (terminated, timed out, gone). */
  turnUnfinished: (message: string) => string;
  nothingChanged: string;
  /** Before the writes such a turn committed. */
  changedBefore: string;
}

const STOP: Record<OutcomeLanguage, StopTemplates> = {
  en: {
    couldNot: (r) => `I could not complete this request: ${r}.`,
    found: 'What I found:',
    none: 'No agent produced a usable result.',
    hops: (max) => `it needed more than the ${max} steps allowed`,
    retries: (a, n) => `${a} returned nothing after ${n} attempts`,
    tokens: (b, u) => `the next step would exceed this turn's budget of ${b} tokens (${u} used)`,
    usd: (b, x) => `the next step would exceed this turn's budget of ${b} (${x} spent)`,
    returnedNothing: 'returned nothing.',
    failed: (e) => `failed (${e}).`,
    notShown: (why, pages) => `its reply is not shown: ${why}.${pages.length ? ` Pages it retrieved: ${pages.join(', ')}.` : ''}`,
    claims: 'it claims what no receipt or read backs',
    unchecked: (d) => `it could not be checked (${d})`,
    labels: { knowledge_base_agent: 'Knowledge base', booking_agent: 'Bookings' },
    notCovered: (ns) =>
      `I could not find this in the documents (namespace "${ns}"). Nothing relevant was retrieved, so I will not guess; upload the document that covers it, or ask about something the documents contain.`,
    turnFailed: (m) => `Sorry, this request failed: ${m}`,
    turnUnfinished: (m) => `Sorry, this request did not finish: ${m}.`,
    nothingChanged: 'Nothing was changed.',
    changedBefore: 'Changes committed before the failure:',
  },
  de: {
    couldNot: (r) => `Ich konnte diese Anfrage nicht abschließen: ${r}.`,
    found: 'Was ich gefunden habe:',
    none: 'Kein Agent hat ein brauchbares Ergebnis geliefert.',
    hops: (max) => `sie brauchte mehr als die erlaubten ${max} Schritte`,
    retries: (a, n) => `${a}: nach ${n} Versuchen kein Ergebnis`,
    tokens: (b, u) => `der nächste Schritt würde das Budget dieser Anfrage von ${b} Tokens überschreiten (${u} verbraucht)`,
    usd: (b, x) => `der nächste Schritt würde das Budget dieser Anfrage von ${b} überschreiten (${x} ausgegeben)`,
    returnedNothing: 'kein Ergebnis.',
    failed: (e) => `fehlgeschlagen (${e}).`,
    notShown: (why, pages) => `die Antwort wird nicht angezeigt: ${why}.${pages.length ? ` Gefundene Seiten: ${pages.join(', ')}.` : ''}`,
    claims: 'sie behauptet etwas, das kein Beleg und keine Abfrage stützt',
    unchecked: (d) => `sie konnte nicht geprüft werden (${d})`,
    labels: { knowledge_base_agent: 'Wissensdatenbank', booking_agent: 'Buchungen' },
    notCovered: (ns) =>
      `Dazu habe ich in den Dokumenten nichts gefunden (Bereich "${ns}"). Es wurde nichts Passendes gefunden, daher rate ich nicht; lade das Dokument hoch, das es behandelt, oder frag nach etwas, das in den Dokumenten steht.`,
    turnFailed: (m) => `Diese Anfrage ist leider fehlgeschlagen: ${m}`,
    turnUnfinished: (m) => `Diese Anfrage wurde leider nicht abgeschlossen: ${m}.`,
    nothingChanged: 'Es wurde nichts geändert.',
    changedBefore: 'Vor dem Fehler ausgeführte Änderungen:',
  },
  es: {
    couldNot: (r) => `No pude completar esta solicitud: ${r}.`,
    found: 'Lo que encontré:',
    none: 'Ningún agente dio un resultado útil.',
    hops: (max) => `necesitaba más de los ${max} pasos permitidos`,
    retries: (a, n) => `${a}: sin resultado tras ${n} intentos`,
    tokens: (b, u) => `el siguiente paso superaría el presupuesto de esta solicitud de ${b} tokens (${u} usados)`,
    usd: (b, x) => `el siguiente paso superaría el presupuesto de esta solicitud de ${b} (${x} gastados)`,
    returnedNothing: 'sin resultado.',
    failed: (e) => `falló (${e}).`,
    notShown: (why, pages) => `su respuesta no se muestra: ${why}.${pages.length ? ` Páginas encontradas: ${pages.join(', ')}.` : ''}`,
    claims: 'afirma algo que ningún recibo ni consulta respalda',
    unchecked: (d) => `no se pudo comprobar (${d})`,
    labels: { knowledge_base_agent: 'Base de conocimiento', booking_agent: 'Reservas' },
    notCovered: (ns) =>
      `No encontré esto en los documentos (espacio "${ns}"). No se encontró nada relevante, así que no voy a adivinar; sube el documento que lo trate o pregunta por algo que contengan los documentos.`,
    turnFailed: (m) => `Lo siento, esta solicitud falló: ${m}`,
    turnUnfinished: (m) => `Lo siento, esta solicitud no terminó: ${m}.`,
    nothingChanged: 'No se cambió nada.',
    changedBefore: 'Cambios realizados antes del fallo:',
  },
  fr: {
    couldNot: (r) => `Je n’ai pas pu terminer cette demande : ${r}.`,
    found: 'Ce que j’ai trouvé :',
    none: 'Aucun agent n’a fourni de résultat utilisable.',
    hops: (max) => `il fallait plus que les ${max} étapes autorisées`,
    retries: (a, n) => `${a} : aucun résultat après ${n} tentatives`,
    tokens: (b, u) => `l’étape suivante dépasserait le budget de cette demande de ${b} jetons (${u} utilisés)`,
    usd: (b, x) => `l’étape suivante dépasserait le budget de cette demande de ${b} (${x} dépensés)`,
    returnedNothing: 'aucun résultat.',
    failed: (e) => `a échoué (${e}).`,
    notShown: (why, pages) => `sa réponse n’est pas affichée : ${why}.${pages.length ? ` Pages trouvées : ${pages.join(', ')}.` : ''}`,
    claims: 'elle affirme ce qu’aucun reçu ni aucune consultation n’étaye',
    unchecked: (d) => `elle n’a pas pu être vérifiée (${d})`,
    labels: { knowledge_base_agent: 'Base de connaissances', booking_agent: 'Réservations' },
    notCovered: (ns) =>
      `Je n’ai pas trouvé cela dans les documents (espace « ${ns} »). Rien de pertinent n’a été trouvé, je ne vais donc pas deviner ; téléversez le document qui le traite, ou posez une question sur ce que contiennent les documents.`,
    turnFailed: (m) => `Désolé, cette demande a échoué : ${m}`,
    turnUnfinished: (m) => `Désolé, cette demande n’a pas abouti : ${m}.`,
    nothingChanged: 'Rien n’a été modifié.',
    changedBefore: 'Modifications effectuées avant l’échec :',
  },
};

/** The honest stop's and "not found"'s words in `lang`. */
export const stopTemplates = (lang: OutcomeLanguage): StopTemplates => STOP[lang];

/** Why the turn stopped, in `lang`. */
export function stopReasonText(cause: StopCause, lang: OutcomeLanguage): string {
  const t = STOP[lang];
  if (cause.kind === 'hops') return t.hops(cause.max);
  if (cause.kind === 'retries') return t.retries(cause.agents.map((a) => t.labels[a]).join(', '), cause.attempts);
  return cause.over.kind === 'tokens' ? t.tokens(cause.over.budget, cause.over.used) : t.usd(cause.over.budget, cause.over.spent);
}

/**
 * What a turn that failed says, in `lang`: why (`message`, the failure's own words, as the component
 * wrote them) and what it changed before it failed (the writes committed, as the outcome block states
 * them), or that it changed nothing. `unfinished`: its workflow closed without finishing.
 */
export function failedTurnAnswer(message: string, committed: WriteOutcome[], lang: OutcomeLanguage, timezone: string, how: 'failed' | 'unfinished' = 'failed'): string {
  const t = STOP[lang];
  const changed = committed.length ? `${t.changedBefore}\n${committed.map((o) => outcomeLine(o, lang, timezone)).join('\n')}` : t.nothingChanged;
  return `${how === 'failed' ? t.turnFailed(message) : t.turnUnfinished(message)}\n\n${changed}`;
}
