/**
 * What a turn's writes came to, stated by the system from its approvals and receipts (never by the
 * model): the structured `outcomes` of a turn, and their text in the user's language. Pure and
 * deterministic, so the workflow renders them and a replay renders the same.
 */
import { formatRangeIn } from './time.js';
import { readLines, type RoomTime } from './calendar.js';
import type { Approval, Slot } from './approvals.js';
import type { AgentName } from './agents.js';
import type { BudgetOver } from './cost.js';
import type { Role } from './policy.js';

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
  /** The same times, absolute (ISO 8601), where the write named them (absent in turns recorded before). */
  startsAt?: string | null;
  endsAt?: string | null;
  bookedFor: string | null;
  /** Who rejected it or approved it. */
  by: string | null;
  comment: string | null;
  /** Why it was not done (policy, validation, conflict, failure), in the system's words. */
  reason: string | null;
  /** Free alternatives after a conflict. */
  suggestions: Slot[];
  /** For a change: the booking as it was before it (its room and times), which the line names since change-shown. */
  from?: { roomName: string; startsAt: string; endsAt: string } | null;
}

/** A write that never became an approval: the policy refused it, or it was not valid to propose. */
export interface WriteAttempt {
  action: WriteAction;
  refused: boolean;
  /** It overlapped a booking already there. */
  conflict: boolean;
  reason: string;
  suggestions: Slot[];
  /** The bookings it overlapped, and who it was for as the tool call named them (what a claim of it as done may name). */
  met?: { bookedFor: string | null; conflicts: { roomName: string; startsAt: string; endsAt: string; bookedFor?: string }[] };
  /** The room and times the tool call named, where it named both (a write refused or not valid to propose, before anything resolved them). */
  tried?: { bookedFor: string | null; roomName: string; startsAt: string; endsAt: string };
}

/** What each action did, said of the booking once it is done ("Room 3 booked, …"), and the kind of claim that says it was. */
export const WRITTEN_AS = { create: 'booked', update: 'changed', cancel: 'cancelled' } as const satisfies Record<WriteAction, string>;

export const actionOfTool = (tool: string): WriteAction => (tool === 'cancel_booking' ? 'cancel' : tool === 'update_booking' ? 'update' : 'create');

/** Text on one line: breaks, control and format characters (bidi overrides, zero-widths) as one space. */
const BREAKS = new RegExp(String.raw`[\s\p{Cc}\p{Cf}]+`, 'gu');
const onOneLine = (text: string) => text.replace(BREAKS, ' ').trim();

/**
 * A name a model's tool call gave, as the system may say it: on one line, with no control or format
 * characters (a line break would start a line of the outcome block the system did not state; bidi controls
 * would reorder it), at most 60 characters.
 */
function asCalled(name: string | null | undefined): string | null {
  const line = onOneLine(name ?? '');
  return !line ? null : line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/**
 * The outcomes of a turn: its approvals in order, then the writes that were never proposed. With `tried`
 * (since the `tried-shown` patch), those carry the room, times and person their call named.
 */
export function turnOutcomes(approvals: Approval[], attempts: WriteAttempt[], opts: { tried?: boolean } = {}): WriteOutcome[] {
  const fromApprovals = approvals.map((a): WriteOutcome => {
    const d = a.details;
    const base: WriteOutcome = {
      kind: 'pending',
      action: a.action,
      approvalId: a.approvalId,
      bookingId: d.bookingId,
      roomName: d.roomName,
      when: d.when,
      startsAt: d.startsAt,
      endsAt: d.endsAt,
      bookedFor: d.bookedFor,
      by: a.resolvedBy,
      comment: a.comment,
      reason: null,
      suggestions: [],
      ...(a.action === 'update' && d.current ? { from: { roomName: d.current.roomName, startsAt: d.current.startsAt, endsAt: d.current.endsAt } } : {}),
    };
    if (a.status === 'pending' || a.status === 'rejected' || a.status === 'expired') return { ...base, kind: a.status };
    const o = a.outcome;
    if (!o) return base;
    if (o.outcome === 'committed') return { ...base, kind: 'committed', bookingId: o.receipt.bookingId, roomName: o.receipt.roomName };
    if (o.outcome === 'conflict') return { ...base, kind: 'conflict', reason: o.message, suggestions: o.suggestions };
    return { ...base, kind: o.outcome, reason: o.message };
  });
  const fromAttempts = attempts.map((t): WriteOutcome => {
    const named = opts.tried ? t.tried : undefined;
    return {
      kind: t.refused ? 'refused' : t.conflict ? 'conflict' : 'not_proposed',
      action: t.action,
      approvalId: null,
      bookingId: null,
      // What the call named, not what the booking system resolved: the model wrote it.
      roomName: asCalled(named?.roomName),
      when: null,
      ...(named ? { startsAt: named.startsAt, endsAt: named.endsAt } : {}),
      bookedFor: asCalled(named?.bookedFor),
      by: null,
      comment: null,
      reason: t.reason,
      suggestions: t.suggestions,
    };
  });
  return [...fromApprovals, ...fromAttempts];
}

// ---------------------------------------------------------------- the user's language

export const OUTCOME_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'pt', 'zh', 'ja', 'ko', 'ru'] as const;
export type OutcomeLanguage = (typeof OUTCOME_LANGUAGES)[number];

/** How the question's language is told: the options that turns detect it with now (the API and activities use them; a turn only behind its patches). */
export const LATEST_DETECTION = { scripts: true, italianPortuguese: true, kanji: true, markers: true } as const;

// Function words that tell the Latin alphabet's languages apart in a short question. This picks a template's
// language; it decides nothing about honesty. Word edges are Unicode letters (`\b` is ASCII-only, so
// it would find the Spanish "es" inside "refeições").
// Patterns are kept as sources and built for each count: a shared global regex keeps its position (lastIndex).
const words = (list: string) => `(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`;
const MARKERS: Record<'de' | 'es' | 'fr', string> = {
  de: words('der|die|das|und|ist|ein|eine|einen|für|bitte|mich|mir|mein|meine|raum|buche|buchen|morgen|heute|um|uhr|nicht|kannst|können|ich|wir|storniere|verschiebe|was|sagt|zu'),
  es: words('el|la|los|las|y|es|un|una|para|por|favor|mi|mis|sala|reserva|reservar|mañana|hoy|de|cancela|cancelar|mueve|puedes|quiero|está|libre|qué|dice|hay'),
  fr: words("le|la|les|et|est|un|une|pour|merci|mon|ma|mes|salle|réserve|réserver|demain|aujourd'hui|de|annule|annuler|déplace|peux|veux|libre|s'il|vous|plaît|que|dit|sur"),
};
const EN = words('the|and|is|a|an|for|please|me|my|room|book|tomorrow|today|at|can|you|cancel|move|free|what|i|does|say|about');
// Italian and Portuguese: recognized so that they get English rather than a neighbour's template (a tie
// goes to English too); with `italianPortuguese`, one that outscores every other language gets its own.
const OTHERS = {
  it: words("il|lo|gli|per|della|sala|prenota|prenotare|domani|oggi|alle|dalle|venerdì|grazie|posso|annulla|cosa|sui|con|libera|c'è|è|pranzo|pasti"),
  pt: words('o|os|as|um|uma|para|sala|reserve|reservar|amanhã|hoje|às|das|sexta|obrigado|posso|cancele|na|no|que|diz|com|há|livre|sobre|almoço'),
};

// Since the `language-markers` patch, more words of each (verbs of having and needing, the days, "who", "when"), and a
// capital letter standing alone ("Focus A", "Room B") is a room's, not English's article: short questions that name a
// room so ("Kann Sarah am Freitag Focus A haben?", "Necesito Focus A el viernes", "Chi ha la sala 3 venerdì?") read as
// their language, not English.
const MORE_MARKERS: Record<'de' | 'es' | 'fr' | 'it' | 'pt', string> = {
  de: words('kann|haben|hat|habe|hätte|am|von|bis|brauche|brauchen|frei|wer|wann|wo|gib|buch|verschieb|mein|meinen|auf|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag'),
  es: words('puede|puedo|tener|tiene|tengo|necesito|necesita|quién|cuándo|libera|lunes|martes|miércoles|jueves|viernes|sábado|domingo'),
  fr: words("peut|peux|avoir|besoin|qui|quand|j'ai|libère|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche"),
  it: words('chi|ha|avere|può|ho|bisogno|quando|lunedì|martedì|mercoledì|giovedì|sabato|domenica'),
  pt: words('quem|tem|pode|ficar|preciso|quando|segunda|terça|quarta|quinta|sábado|domingo'),
};
// A capital letter standing alone after a word, but English's "I": a room's ("Focus A"; "A room for Sarah" keeps its "A").
// (A source, made into a pattern at each use: a literal's property classes are spelled out by the bundler, and a global
// pattern shared by the bundle's workflows would keep its position.)
const LONE_CAPITAL = String.raw`(?<=[\p{L}\p{N}]\s+)(?!I(?![\p{L}\p{N}]))\p{Lu}(?![\p{L}\p{N}'’])`;

// The scripts that tell the other four apart: Chinese is Han alone; Japanese writes Han with kana;
// Korean, Hangul; Russian, Cyrillic. One of their characters weighs as four Latin letters: about a
// word, and where the two are mixed the Latin is mostly names ("帮 Sarah Johnson 订明天的 Focus A").
// (Sources, not literals: the bundler spells a literal's property class out, about 5 KB each.)
const scriptClass = (...names: string[]) => `[${names.map((n) => `\\p{Script=${n}}`).join('')}]`;
const SCRIPTS = { han: scriptClass('Han'), kana: scriptClass('Hiragana', 'Katakana'), hangul: scriptClass('Hangul'), cyrillic: scriptClass('Cyrillic'), latin: scriptClass('Latin') };
const CHARACTER_WEIGHT = 4;
const countIn = (text: string, source: string) => (text.match(new RegExp(source, 'giu')) ?? []).length;
// Letters of the Cyrillic alphabets that are not Russian's (Ukrainian, Belarusian, Serbian,
// Macedonian), and a hard sign before a consonant (Bulgarian: "към", "във"; Russian writes it only
// before е, ё, ю, я): those questions get English, not a neighbour's template.
const NOT_RUSSIAN = /[іїєґўђјљњћџѓќѕ]|ъ(?![еёюя])/iu;
// Japanese written in kanji alone ("明日15時会議室2予約"): characters of Japan's own simplified forms,
// which neither simplified nor traditional Chinese writes (図 where they write 图 and 圖, 変 for 变 and 變,
// 検 for 检 and 檢…), and words only Japanese spells so ("会議" where Chinese writes 会议 or 會議, "予約"
// and "予定" for 预约/預約 and 预定/預定).
const JAPANESE_KANJI = /[図変売発気済応駅歩帰戻込験労広払転伝価円両続読県楽薬関覧営経総検対単辺]|会議|予約|予定/u;

/**
 * The language of the question, among those with a template; English otherwise. With `scripts`, a
 * question written mostly in Chinese, Japanese, Korean or Russian gets its own (turns recorded before
 * the `outcome-scripts` patch read only the Latin alphabet's words, so those questions got English);
 * with `italianPortuguese`, an Italian or Portuguese one (before the `outcome-it-pt` patch: English);
 * with `kanji`, a Japanese one written in kanji alone (before the `kanji-japanese` patch: Chinese); with `markers`, the
 * words of `MORE_MARKERS` count too, and a capital letter standing alone does not count as English's "a" (before the
 * `language-markers` patch: "Kann Sarah am Freitag Focus A haben?" was English).
 */
export function detectLanguage(text: string, opts: { scripts?: boolean; italianPortuguese?: boolean; kanji?: boolean; markers?: boolean } = {}): OutcomeLanguage {
  const script = opts.scripts ? scriptLanguage(text, opts.kanji) : null;
  if (script) return script;
  const read = opts.markers ? text.replace(new RegExp(LONE_CAPITAL, 'gu'), ' ') : text;
  const more = (lang: keyof typeof MORE_MARKERS) => (opts.markers ? countIn(read, MORE_MARKERS[lang]) : 0);
  const count = (source: string) => countIn(read, source);
  let best: OutcomeLanguage = 'en';
  let score = count(EN);
  for (const lang of ['de', 'es', 'fr'] as const) {
    const n = count(MARKERS[lang]) + more(lang);
    if (n > score) {
      best = lang;
      score = n;
    }
  }
  const [it, pt] = [count(OTHERS.it) + more('it'), count(OTHERS.pt) + more('pt')];
  if (opts.italianPortuguese && Math.max(it, pt) > score && it !== pt) return it > pt ? 'it' : 'pt';
  return Math.max(it, pt) >= score && best !== 'en' ? 'en' : best;
}

/**
 * Chinese, Japanese, Korean or Russian where their characters outweigh the Latin letters; null otherwise.
 * Han with no kana is Chinese, unless (with `kanji`) it has Japanese's own forms.
 */
function scriptLanguage(text: string, kanji = false): OutcomeLanguage | null {
  const [han, kana, hangul, cyrillic, latin] = [SCRIPTS.han, SCRIPTS.kana, SCRIPTS.hangul, SCRIPTS.cyrillic, SCRIPTS.latin].map((re) => countIn(text, re)) as [number, number, number, number, number];
  const cjk = (han + kana + hangul) * CHARACTER_WEIGHT;
  if (cjk > latin && cjk >= cyrillic) return hangul >= han + kana ? 'ko' : kana > 0 || (kanji && JAPANESE_KANJI.test(text)) ? 'ja' : 'zh';
  if (cyrillic > latin) return NOT_RUSSIAN.test(text) ? 'en' : 'ru';
  return null;
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
  /** The free slots offered after a conflict, listed. */
  freeInstead: (slots: string) => string;
  nothing: string;
  /** Instead of prose that said a room is free or a booking exists, when the turn read no bookings. */
  unchecked: string;
  /** Instead of prose that said a booking is the user's own, when no booking of theirs was read. */
  notYours: string;
  /** Instead of prose that said what a policy or document says, when no passage was retrieved. */
  notSearched: string;
  /** Instead of prose that gave a policy's figures no passage retrieved states. */
  unsourced: string;
  /** Instead of prose that said what a policy or document says the other way round from a passage retrieved. */
  otherwise: string;
  /** Instead of prose that said what a policy or document says about what no passage retrieved speaks of. */
  unspoken: string;
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
    freeInstead: (s) => `Free instead: ${s}.`,
    nothing: 'No booking, change or cancellation was made in this turn.',
    unchecked: 'I did not check the bookings in this turn, so I cannot say which rooms are free or what is booked. Ask me to check availability.',
    notYours: 'None of the bookings I read in this conversation is yours, so I cannot say what you have booked. Ask me to list your bookings.',
    notSearched: 'This answer was not looked up in the documents, so it is not shown. Please ask again.',
    unsourced: 'This answer gives figures that the documents retrieved do not state, so it is not shown. Please read the pages below, or ask again.',
    otherwise: 'This answer says the opposite of what the documents retrieved say, so it is not shown. Please read the pages below, or ask again.',
    unspoken: 'This answer speaks of things the documents retrieved do not mention, so it is not shown. Please read the pages below, or ask again.',
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
    freeInstead: (s) => `Stattdessen frei: ${s}.`,
    nothing: 'In diesem Schritt wurde nichts gebucht, geändert oder storniert.',
    unchecked: 'Ich habe in diesem Schritt keine Buchungen abgefragt und kann daher nicht sagen, welche Räume frei oder was gebucht ist. Bitte mich, die Verfügbarkeit zu prüfen.',
    notYours: 'Keine der Buchungen, die ich in diesem Gespräch abgefragt habe, gehört dir, daher kann ich nicht sagen, was du gebucht hast. Bitte mich, deine Buchungen aufzulisten.',
    notSearched: 'Diese Antwort wurde nicht in den Dokumenten nachgeschlagen und wird daher nicht angezeigt. Bitte frag noch einmal.',
    unsourced: 'Diese Antwort nennt Zahlen, die in den gefundenen Dokumenten nicht stehen, und wird daher nicht angezeigt. Lies bitte die Seiten unten nach oder frag noch einmal.',
    otherwise: 'Diese Antwort sagt das Gegenteil dessen, was in den gefundenen Dokumenten steht, und wird daher nicht angezeigt. Lies bitte die Seiten unten nach oder frag noch einmal.',
    unspoken: 'Diese Antwort spricht von Dingen, die in den gefundenen Dokumenten nicht vorkommen, und wird daher nicht angezeigt. Lies bitte die Seiten unten nach oder frag noch einmal.',
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
    freeInstead: (s) => `Libre en su lugar: ${s}.`,
    nothing: 'En este turno no se reservó, cambió ni canceló nada.',
    unchecked: 'En este turno no consulté las reservas, así que no puedo decir qué salas están libres ni qué está reservado. Pídeme que compruebe la disponibilidad.',
    notYours: 'Ninguna de las reservas que consulté en esta conversación es tuya, así que no puedo decir qué has reservado. Pídeme que liste tus reservas.',
    notSearched: 'Esta respuesta no se consultó en los documentos, así que no se muestra. Vuelve a preguntar, por favor.',
    unsourced: 'Esta respuesta da cifras que los documentos encontrados no recogen, así que no se muestra. Consulta las páginas de abajo o vuelve a preguntar, por favor.',
    otherwise: 'Esta respuesta dice lo contrario de lo que dicen los documentos encontrados, así que no se muestra. Consulta las páginas de abajo o vuelve a preguntar, por favor.',
    unspoken: 'Esta respuesta habla de cosas que los documentos encontrados no mencionan, así que no se muestra. Consulta las páginas de abajo o vuelve a preguntar, por favor.',
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
    freeInstead: (s) => `Libre à la place: ${s}.`,
    nothing: 'Aucune réservation, modification ou annulation n’a été faite dans ce tour.',
    unchecked: 'Je n’ai pas consulté les réservations dans ce tour, je ne peux donc pas dire quelles salles sont libres ni ce qui est réservé. Demandez-moi de vérifier la disponibilité.',
    notYours: 'Aucune des réservations que j’ai consultées dans cette conversation n’est à vous, je ne peux donc pas dire ce que vous avez réservé. Demandez-moi de lister vos réservations.',
    notSearched: 'Cette réponse n’a pas été vérifiée dans les documents, elle n’est donc pas affichée. Veuillez reposer la question.',
    unsourced: 'Cette réponse donne des chiffres que les documents trouvés n’indiquent pas, elle n’est donc pas affichée. Consultez les pages ci-dessous ou reposez la question.',
    otherwise: 'Cette réponse dit le contraire de ce que disent les documents trouvés, elle n’est donc pas affichée. Consultez les pages ci-dessous ou reposez la question.',
    unspoken: 'Cette réponse parle de choses que les documents trouvés ne mentionnent pas, elle n’est donc pas affichée. Consultez les pages ci-dessous ou reposez la question.',
    contradicted: 'Cette réponse ne correspond pas à ce que j’ai lu dans les réservations, elle n’est donc pas affichée. Ce que j’ai lu :',
    unread: 'Cette réponse dit plus que ce que j’ai lu dans les réservations, elle n’est donc pas affichée. Ce que j’ai lu :',
    free: 'libre',
    booked: 'réservée',
    withheld: 'Cette réponse n’a pas pu être vérifiée, elle n’est donc pas affichée. Veuillez reposer la question.',
    sources: 'Trouvé dans ce tour',
  },
  it: {
    heading: 'Cosa è successo (indicato dal sistema in base alle approvazioni e alle ricevute):',
    action: { create: 'Prenotazione', update: 'Modifica', cancel: 'Cancellazione' },
    committed: (w, id, f) => `Fatto: ${w}${f ? ` per ${f}` : ''} (ricevuta ${id}).`,
    rejected: (w, by, c) => `Non eseguito: ${w} è stata rifiutata da ${by}${c ? ` (${q(c)})` : ''}. Non è stato salvato nulla.`,
    expired: (w) => `Non eseguito: nessuno ha approvato ${w} in tempo. Non è stato salvato nulla.`,
    conflict: (w, r) => `Non eseguito: ${w} si sovrappone a un’altra prenotazione${r ? ` (${r})` : ''}. Non è stato salvato nulla.`,
    notProposed: (w, r) => `Non proposto: ${w}: ${r}. Non è stato salvato nulla.`,
    refused: (w, r) => `Rifiutato dalla politica di prenotazione: ${w}: ${r}. Non è stato salvato nulla.`,
    failed: (w, r) => `Non eseguito: ${w} non è riuscita (${r}). Non è stato salvato nulla.`,
    pending: (w, id) => `In attesa di approvazione: ${w} (approvazione ${id}). Non viene salvato nulla finché qualcuno non approva.`,
    freeInstead: (s) => `Disponibili in alternativa: ${s}.`,
    nothing: 'In questo turno non è stato prenotato, modificato né cancellato nulla.',
    unchecked: 'In questo turno non ho consultato le prenotazioni, quindi non posso dire quali sale sono libere né cosa è prenotato. Chiedimi di verificare la disponibilità.',
    notYours: 'Nessuna delle prenotazioni che ho consultato in questa conversazione è tua, quindi non posso dire cosa hai prenotato. Chiedimi di elencare le tue prenotazioni.',
    notSearched: 'Questa risposta non è stata verificata nei documenti, quindi non viene mostrata. Riprova a chiedere.',
    unsourced: 'Questa risposta riporta cifre che i documenti trovati non indicano, quindi non viene mostrata. Leggi le pagine qui sotto o riprova a chiedere.',
    otherwise: 'Questa risposta dice il contrario di ciò che dicono i documenti trovati, quindi non viene mostrata. Leggi le pagine qui sotto o riprova a chiedere.',
    unspoken: 'Questa risposta parla di cose che i documenti trovati non menzionano, quindi non viene mostrata. Leggi le pagine qui sotto o riprova a chiedere.',
    contradicted: 'Questa risposta non corrisponde a quanto ho letto nelle prenotazioni, quindi non viene mostrata. Ciò che ho letto:',
    unread: 'Questa risposta dice più di quanto ho letto nelle prenotazioni, quindi non viene mostrata. Ciò che ho letto:',
    free: 'libera',
    booked: 'prenotata',
    withheld: 'Non è stato possibile verificare questa risposta, quindi non viene mostrata. Riprova a chiedere.',
    sources: 'Trovato in questo turno',
  },
  pt: {
    heading: 'O que aconteceu (informado pelo sistema a partir das aprovações e dos recibos):',
    action: { create: 'Reserva', update: 'Alteração', cancel: 'Cancelamento' },
    committed: (w, id, f) => `Feito: ${w}${f ? ` para ${f}` : ''} (recibo ${id}).`,
    rejected: (w, by, c) => `Não realizado: ${by} rejeitou ${w}${c ? ` (${q(c)})` : ''}. Nada foi gravado.`,
    expired: (w) => `Não realizado: ninguém aprovou ${w} a tempo. Nada foi gravado.`,
    conflict: (w, r) => `Não realizado: ${w} coincide com outra reserva${r ? ` (${r})` : ''}. Nada foi gravado.`,
    notProposed: (w, r) => `Não proposto: ${w}: ${r}. Nada foi gravado.`,
    refused: (w, r) => `Recusado pela política de reservas: ${w}: ${r}. Nada foi gravado.`,
    failed: (w, r) => `Não realizado: ${w} falhou (${r}). Nada foi gravado.`,
    pending: (w, id) => `Aguardando aprovação: ${w} (aprovação ${id}). Nada é gravado até que alguém aprove.`,
    freeInstead: (s) => `Livre como alternativa: ${s}.`,
    nothing: 'Nenhuma reserva, alteração ou cancelamento foi feito neste turno.',
    unchecked: 'Não consultei as reservas neste turno, então não posso dizer quais salas estão livres nem o que está reservado. Peça-me para verificar a disponibilidade.',
    notYours: 'Nenhuma das reservas que consultei nesta conversa é sua, então não posso dizer o que você reservou. Peça-me para listar as suas reservas.',
    notSearched: 'Esta resposta não foi verificada nos documentos, por isso não é mostrada. Pergunte novamente, por favor.',
    unsourced: 'Esta resposta dá números que os documentos encontrados não indicam, por isso não é mostrada. Leia as páginas abaixo ou pergunte novamente.',
    otherwise: 'Esta resposta diz o contrário do que dizem os documentos encontrados, por isso não é mostrada. Leia as páginas abaixo ou pergunte novamente.',
    unspoken: 'Esta resposta fala de coisas que os documentos encontrados não mencionam, por isso não é mostrada. Leia as páginas abaixo ou pergunte novamente.',
    contradicted: 'Esta resposta não corresponde ao que li nas reservas, por isso não é mostrada. O que li:',
    unread: 'Esta resposta diz mais do que li nas reservas, por isso não é mostrada. O que li:',
    free: 'livre',
    booked: 'reservada',
    withheld: 'Não foi possível verificar esta resposta, por isso não é mostrada. Pergunte novamente, por favor.',
    sources: 'Encontrado neste turno',
  },
  zh: {
    heading: '结果（由系统根据审批和收据说明）：',
    action: { create: '预订', update: '更改', cancel: '取消' },
    committed: (w, id, f) => `已完成：${w}${f ? `，为 ${f}` : ''}（收据 ${id}）。`,
    rejected: (w, by, c) => `未完成：${w} 被 ${by} 拒绝${c ? `（${q(c)}）` : ''}。未写入任何内容。`,
    expired: (w) => `未完成：没有人及时批准 ${w}。未写入任何内容。`,
    conflict: (w, r) => `未完成：${w} 与另一个预订冲突${r ? `（${r}）` : ''}。未写入任何内容。`,
    notProposed: (w, r) => `未提出：${w}：${r}。未写入任何内容。`,
    refused: (w, r) => `被预订规则拒绝：${w}：${r}。未写入任何内容。`,
    failed: (w, r) => `未完成：${w} 失败（${r}）。未写入任何内容。`,
    pending: (w, id) => `等待批准：${w}（审批 ${id}）。在有人批准之前，不会写入任何内容。`,
    freeInstead: (s) => `可改用的空闲时段：${s}。`,
    nothing: '本轮没有进行任何预订、更改或取消。',
    unchecked: '本轮我没有查询预订，所以无法说明哪些会议室空闲、哪些已被预订。请让我查询空闲情况。',
    notYours: '我在本次对话中查到的预订都不是您的，所以无法说明您预订了什么。请让我列出您的预订。',
    notSearched: '这个回答没有在文档中查证，因此不予显示。请重新提问。',
    unsourced: '这个回答给出的数字在检索到的文档中找不到，因此不予显示。请阅读下列页面，或重新提问。',
    otherwise: '这个回答与检索到的文档所说的相反，因此不予显示。请阅读下列页面，或重新提问。',
    unspoken: '这个回答提到了检索到的文档中没有提及的内容，因此不予显示。请阅读下列页面，或重新提问。',
    contradicted: '这个回答与我在预订中查到的不符，因此不予显示。我查到的是：',
    unread: '这个回答超出了我在预订中查到的范围，因此不予显示。我查到的是：',
    free: '空闲',
    booked: '已预订',
    withheld: '这个回答在送达您之前无法核实，因此不予显示。请重新提问。',
    sources: '本轮检索到的页面',
  },
  ja: {
    heading: '実行結果（承認と受領証に基づきシステムが記載）：',
    action: { create: '予約', update: '変更', cancel: 'キャンセル' },
    committed: (w, id, f) => `完了：${w}${f ? `（利用者：${f}）` : ''}（受領証 ${id}）。`,
    rejected: (w, by, c) => `未完了：${w} は ${by} により却下されました${c ? `（「${c}」）` : ''}。何も保存されていません。`,
    expired: (w) => `未完了：${w} は期限内に承認されませんでした。何も保存されていません。`,
    conflict: (w, r) => `未完了：${w} は別の予約と重なっています${r ? `（${r}）` : ''}。何も保存されていません。`,
    notProposed: (w, r) => `提案されていません：${w}：${r}。何も保存されていません。`,
    refused: (w, r) => `予約ポリシーにより拒否されました：${w}：${r}。何も保存されていません。`,
    failed: (w, r) => `未完了：${w} に失敗しました（${r}）。何も保存されていません。`,
    pending: (w, id) => `承認待ち：${w}（承認 ${id}）。承認されるまで何も保存されません。`,
    freeInstead: (s) => `代わりに空いている枠：${s}。`,
    nothing: 'このターンでは、予約・変更・キャンセルは行われていません。',
    unchecked: 'このターンでは予約を確認していないため、どの会議室が空いているか、何が予約済みかはお答えできません。空き状況の確認をご依頼ください。',
    notYours: 'この会話で確認した予約に、あなたの予約はありません。そのため、あなたが何を予約しているかはお答えできません。ご自分の予約の一覧をご依頼ください。',
    notSearched: 'この回答は文書で確認されていないため、表示しません。もう一度お尋ねください。',
    unsourced: 'この回答には、取得した文書に記載のない数値が含まれているため、表示しません。下記のページをご確認いただくか、もう一度お尋ねください。',
    otherwise: 'この回答は、取得した文書の記載と逆のことを述べているため、表示しません。下記のページをご確認いただくか、もう一度お尋ねください。',
    unspoken: 'この回答には、取得した文書に記載のない事柄が含まれているため、表示しません。下記のページをご確認いただくか、もう一度お尋ねください。',
    contradicted: 'この回答は、予約で確認した内容と一致しないため、表示しません。確認した内容：',
    unread: 'この回答は、予約で確認した範囲を超えているため、表示しません。確認した内容：',
    free: '空き',
    booked: '予約済み',
    withheld: 'この回答はお届けする前に確認できなかったため、表示しません。もう一度お尋ねください。',
    sources: 'このターンで取得したページ',
  },
  ko: {
    heading: '처리 결과 (승인과 영수증을 바탕으로 시스템이 기재):',
    action: { create: '예약', update: '변경', cancel: '취소' },
    committed: (w, id, f) => `완료: ${w}${f ? ` (대상: ${f})` : ''} (영수증 ${id}).`,
    rejected: (w, by, c) => `미완료: ${w} — ${by} 님이 거절했습니다${c ? ` (${q(c)})` : ''}. 아무것도 저장되지 않았습니다.`,
    expired: (w) => `미완료: ${w} — 제때 승인되지 않았습니다. 아무것도 저장되지 않았습니다.`,
    conflict: (w, r) => `미완료: ${w} — 다른 예약과 겹칩니다${r ? ` (${r})` : ''}. 아무것도 저장되지 않았습니다.`,
    notProposed: (w, r) => `제안되지 않음: ${w}: ${r}. 아무것도 저장되지 않았습니다.`,
    refused: (w, r) => `예약 정책에 따라 거부됨: ${w}: ${r}. 아무것도 저장되지 않았습니다.`,
    failed: (w, r) => `미완료: ${w} — 실패했습니다 (${r}). 아무것도 저장되지 않았습니다.`,
    pending: (w, id) => `승인 대기 중: ${w} (승인 ${id}). 누군가 승인하기 전에는 아무것도 저장되지 않습니다.`,
    freeInstead: (s) => `대신 비어 있는 시간: ${s}.`,
    nothing: '이번 요청에서는 예약, 변경, 취소가 이루어지지 않았습니다.',
    unchecked: '이번 요청에서는 예약을 조회하지 않았으므로, 어느 회의실이 비어 있는지, 무엇이 예약되어 있는지 말씀드릴 수 없습니다. 예약 가능 여부를 확인해 달라고 요청해 주세요.',
    notYours: '이 대화에서 조회한 예약 중에 본인의 예약이 없으므로, 무엇을 예약하셨는지 말씀드릴 수 없습니다. 본인 예약 목록을 요청해 주세요.',
    notSearched: '이 답변은 문서에서 확인되지 않았으므로 표시하지 않습니다. 다시 질문해 주세요.',
    unsourced: '이 답변에는 검색된 문서에 나오지 않는 수치가 있으므로 표시하지 않습니다. 아래 페이지를 확인하시거나 다시 질문해 주세요.',
    otherwise: '이 답변은 검색된 문서의 내용과 반대되는 말을 하고 있으므로 표시하지 않습니다. 아래 페이지를 확인하시거나 다시 질문해 주세요.',
    unspoken: '이 답변은 검색된 문서에 언급되지 않은 내용을 말하고 있으므로 표시하지 않습니다. 아래 페이지를 확인하시거나 다시 질문해 주세요.',
    contradicted: '이 답변은 예약에서 조회한 내용과 맞지 않으므로 표시하지 않습니다. 조회한 내용:',
    unread: '이 답변은 예약에서 조회한 범위를 넘어서므로 표시하지 않습니다. 조회한 내용:',
    free: '비어 있음',
    booked: '예약됨',
    withheld: '이 답변은 전달하기 전에 확인할 수 없었으므로 표시하지 않습니다. 다시 질문해 주세요.',
    sources: '이번 요청에서 검색된 페이지',
  },
  ru: {
    heading: 'Что произошло (по данным системы: одобрения и квитанции):',
    action: { create: 'Бронирование', update: 'Изменение', cancel: 'Отмена' },
    committed: (w, id, f) => `Выполнено: ${w}${f ? ` для ${f}` : ''} (квитанция ${id}).`,
    rejected: (w, by, c) => `Не выполнено: ${w} — отклонено пользователем ${by}${c ? ` («${c}»)` : ''}. Ничего не сохранено.`,
    expired: (w) => `Не выполнено: ${w} — никто не одобрил вовремя. Ничего не сохранено.`,
    conflict: (w, r) => `Не выполнено: ${w} — пересекается с другим бронированием${r ? ` (${r})` : ''}. Ничего не сохранено.`,
    notProposed: (w, r) => `Не предложено: ${w}: ${r}. Ничего не сохранено.`,
    refused: (w, r) => `Отклонено правилами бронирования: ${w}: ${r}. Ничего не сохранено.`,
    failed: (w, r) => `Не выполнено: ${w} — ошибка (${r}). Ничего не сохранено.`,
    pending: (w, id) => `Ожидает одобрения: ${w} (одобрение ${id}). Пока никто не одобрит, ничего не сохраняется.`,
    freeInstead: (s) => `Свободно вместо этого: ${s}.`,
    nothing: 'В этом запросе ничего не забронировано, не изменено и не отменено.',
    unchecked: 'В этом запросе бронирования не проверялись, поэтому я не могу сказать, какие переговорные свободны и что забронировано. Попросите меня проверить доступность.',
    notYours: 'Ни одно из бронирований, прочитанных в этом разговоре, не ваше, поэтому я не могу сказать, что вы забронировали. Попросите меня показать ваши бронирования.',
    notSearched: 'Этот ответ не был проверен по документам, поэтому он не показан. Пожалуйста, спросите ещё раз.',
    unsourced: 'В этом ответе есть цифры, которых нет в найденных документах, поэтому он не показан. Прочитайте страницы ниже или спросите ещё раз.',
    otherwise: 'Этот ответ говорит обратное тому, что сказано в найденных документах, поэтому он не показан. Прочитайте страницы ниже или спросите ещё раз.',
    unspoken: 'В этом ответе говорится о том, чего нет в найденных документах, поэтому он не показан. Прочитайте страницы ниже или спросите ещё раз.',
    contradicted: 'Этот ответ не совпадает с тем, что показали бронирования, поэтому он не показан. Что показали бронирования:',
    unread: 'Этот ответ говорит больше, чем показали бронирования, поэтому он не показан. Что показали бронирования:',
    free: 'свободно',
    booked: 'забронировано',
    withheld: 'Этот ответ не удалось проверить, поэтому он не показан. Пожалуйста, спросите ещё раз.',
    sources: 'Найдено в этом запросе',
  },
};

// ---------------------------------------------------------------- the booking system's reasons

type Say = Record<Exclude<OutcomeLanguage, 'en'>, (m: RegExpExecArray) => string>;
/**
 * The booking system's reasons for a write not done (`activities/writes.ts`), each as the English it
 * writes and its words in the other languages, the names, ids and figures in it kept. Not global, so the
 * patterns keep no position between uses. The booking policy's reasons ("not allowed: …") follow.
 */
const REASONS: [RegExp, Say][] = [
  [/^the room is not free then$/, {
    de: () => 'der Raum ist dann nicht frei', es: () => 'la sala no está libre entonces', fr: () => 'la salle n’est pas libre à ce moment-là',
    it: () => 'la sala non è libera in quell’orario', pt: () => 'a sala não está livre nesse horário', zh: () => '该时段会议室不空闲',
    ja: () => 'その時間は会議室が空いていません', ko: () => '그 시간에는 회의실이 비어 있지 않습니다', ru: () => 'переговорная в это время занята',
  }],
  [/^the slot was taken before the approval arrived$/, {
    de: () => 'der Zeitraum wurde vergeben, bevor die Freigabe kam', es: () => 'el horario se ocupó antes de que llegara la aprobación',
    fr: () => 'le créneau a été pris avant l’arrivée de l’approbation', it: () => 'la fascia oraria è stata occupata prima dell’approvazione',
    pt: () => 'o horário foi ocupado antes da aprovação', zh: () => '审批通过之前该时段已被占用', ja: () => '承認が届く前にその時間帯が埋まりました',
    ko: () => '승인이 도착하기 전에 그 시간대가 예약되었습니다', ru: () => 'время заняли до того, как пришло одобрение',
  }],
  [/^the end must be after the start$/, {
    de: () => 'das Ende muss nach dem Beginn liegen', es: () => 'el final debe ser posterior al inicio', fr: () => 'la fin doit être après le début',
    it: () => 'la fine deve essere dopo l’inizio', pt: () => 'o fim deve ser depois do início', zh: () => '结束时间必须晚于开始时间',
    ja: () => '終了時刻は開始時刻より後でなければなりません', ko: () => '종료 시간은 시작 시간보다 뒤여야 합니다', ru: () => 'конец должен быть позже начала',
  }],
  [/^the start \((\S+)\) is in the past$/, {
    de: (m) => `der Beginn (${m[1]}) liegt in der Vergangenheit`, es: (m) => `el inicio (${m[1]}) ya pasó`, fr: (m) => `le début (${m[1]}) est dans le passé`,
    it: (m) => `l’inizio (${m[1]}) è nel passato`, pt: (m) => `o início (${m[1]}) já passou`, zh: (m) => `开始时间（${m[1]}）已经过去`,
    ja: (m) => `開始時刻（${m[1]}）は過去です`, ko: (m) => `시작 시간(${m[1]})이 이미 지났습니다`, ru: (m) => `начало (${m[1]}) уже прошло`,
  }],
  [/^a booking may last at most (\d+) hours$/, {
    de: (m) => `eine Buchung darf höchstens ${m[1]} Stunden dauern`, es: (m) => `una reserva puede durar como máximo ${m[1]} horas`,
    fr: (m) => `une réservation peut durer au plus ${m[1]} heures`, it: (m) => `una prenotazione può durare al massimo ${m[1]} ore`,
    pt: (m) => `uma reserva pode durar no máximo ${m[1]} horas`, zh: (m) => `一次预订最长 ${m[1]} 小时`, ja: (m) => `予約は最長 ${m[1]} 時間までです`,
    ko: (m) => `예약은 최대 ${m[1]}시간까지 가능합니다`, ru: (m) => `бронирование может длиться не более ${m[1]} ч`,
  }],
  [/^bookings open at most (\d+) days ahead$/, {
    de: (m) => `Buchungen sind höchstens ${m[1]} Tage im Voraus möglich`, es: (m) => `se puede reservar como máximo con ${m[1]} días de antelación`,
    fr: (m) => `on peut réserver au plus ${m[1]} jours à l’avance`, it: (m) => `si può prenotare al massimo ${m[1]} giorni prima`,
    pt: (m) => `só é possível reservar com no máximo ${m[1]} dias de antecedência`, zh: (m) => `最多只能提前 ${m[1]} 天预订`, ja: (m) => `予約できるのは最大 ${m[1]} 日先までです`,
    ko: (m) => `예약은 최대 ${m[1]}일 앞까지만 가능합니다`, ru: (m) => `бронировать можно не более чем на ${m[1]} дн. вперёд`,
  }],
  [/^no room called "([^"]*)"(?:; rooms: (.*))?$/, {
    de: (m) => `kein Raum namens „${m[1]}“${m[2] ? `; Räume: ${m[2]}` : ''}`, es: (m) => `no hay ninguna sala llamada «${m[1]}»${m[2] ? `; salas: ${m[2]}` : ''}`,
    fr: (m) => `aucune salle nommée « ${m[1]} »${m[2] ? ` ; salles : ${m[2]}` : ''}`, it: (m) => `nessuna sala chiamata «${m[1]}»${m[2] ? `; sale: ${m[2]}` : ''}`,
    pt: (m) => `nenhuma sala chamada «${m[1]}»${m[2] ? `; salas: ${m[2]}` : ''}`, zh: (m) => `没有名为“${m[1]}”的会议室${m[2] ? `；会议室：${m[2]}` : ''}`,
    ja: (m) => `「${m[1]}」という会議室はありません${m[2] ? `。会議室：${m[2]}` : ''}`, ko: (m) => `"${m[1]}"라는 회의실이 없습니다${m[2] ? `. 회의실: ${m[2]}` : ''}`,
    ru: (m) => `нет переговорной «${m[1]}»${m[2] ? `; переговорные: ${m[2]}` : ''}`,
  }],
  [/^no confirmed booking with id (\S+)$/, {
    de: (m) => `keine bestätigte Buchung mit der ID ${m[1]}`, es: (m) => `no hay ninguna reserva confirmada con el id ${m[1]}`,
    fr: (m) => `aucune réservation confirmée avec l’identifiant ${m[1]}`, it: (m) => `nessuna prenotazione confermata con id ${m[1]}`,
    pt: (m) => `nenhuma reserva confirmada com o id ${m[1]}`, zh: (m) => `没有 ID 为 ${m[1]} 的已确认预订`, ja: (m) => `ID ${m[1]} の確定済みの予約はありません`,
    ko: (m) => `ID ${m[1]}인 확정된 예약이 없습니다`, ru: (m) => `нет подтверждённого бронирования с id ${m[1]}`,
  }],
  [/^booking (\S+) is no longer confirmed$/, {
    de: (m) => `die Buchung ${m[1]} ist nicht mehr bestätigt`, es: (m) => `la reserva ${m[1]} ya no está confirmada`, fr: (m) => `la réservation ${m[1]} n’est plus confirmée`,
    it: (m) => `la prenotazione ${m[1]} non è più confermata`, pt: (m) => `a reserva ${m[1]} já não está confirmada`, zh: (m) => `预订 ${m[1]} 已不再是已确认状态`,
    ja: (m) => `予約 ${m[1]} はもう確定していません`, ko: (m) => `예약 ${m[1]}: 더 이상 확정 상태가 아닙니다`, ru: (m) => `бронирование ${m[1]} больше не подтверждено`,
  }],
];

// The booking policy's reasons (`decideProposal` in domain/policy.ts), after "not allowed: " (or, at the
// commit, "not allowed any more: "): who may do it instead, by role, and what (book, change, cancel).
type Verb = 'book' | 'change' | 'cancel';
type PolicyWords = {
  /** The two prefixes: refused at the proposal, and at the commit. */
  refused: [string, string];
  /** Each role in the plural, as those who may; and one of it, as the one who may not. */
  roles: Record<Role, [string, string]>;
  /** What joins a list of roles: between the first ones, and before the last ("A, B or C"; "A、B或C"). */
  joins: [string, string];
  /** What follows the prefix ("nicht erlaubt: ", "non autorisé : ", "不允许："). */
  colon: string;
  only: (roles: string, verb: Verb, room: string) => string;
  belongs: (owner: string, bookedFor: string, roles: string, verb: Verb) => string;
  mayNot: (role: string, verb: Verb, roles: string) => string;
};
const POLICY_WORDS: Record<Exclude<OutcomeLanguage, 'en'>, PolicyWords> = {
  de: {
    refused: ['nicht erlaubt', 'nicht mehr erlaubt'],
    roles: { member: ['Mitglieder', 'ein Mitglied'], approver: ['Freigebende', 'eine freigebende Person'], admin: ['Admins', 'ein Admin'] },
    joins: [', ', ' oder '],
    colon: ': ',
    only: (r, v, room) => `nur ${r} dürfen ${room} ${{ book: 'buchen', change: 'ändern', cancel: 'stornieren' }[v]}`,
    belongs: (o, f, r, v) => `diese Buchung gehört ${o} (gebucht für ${f}): nur diese Person oder ${r} können sie ${{ book: 'buchen', change: 'ändern', cancel: 'stornieren' }[v]}`,
    mayNot: (one, v, r) => `${one} darf keine Buchungen ${{ book: 'anlegen', change: 'ändern', cancel: 'stornieren' }[v]}; ${r} dürfen es`,
  },
  es: {
    refused: ['no permitido', 'ya no permitido'],
    roles: { member: ['los miembros', 'un miembro'], approver: ['los aprobadores', 'un aprobador'], admin: ['los administradores', 'un administrador'] },
    joins: [', ', ' o '],
    colon: ': ',
    only: (r, v, room) => `solo ${r} pueden ${{ book: 'reservar', change: 'cambiar', cancel: 'cancelar' }[v]} ${room}`,
    belongs: (o, f, r, v) => `esta reserva es de ${o} (reservada para ${f}): solo esa persona o ${r} pueden ${{ book: 'reservarla', change: 'cambiarla', cancel: 'cancelarla' }[v]}`,
    mayNot: (one, v, r) => `${one} no puede ${{ book: 'hacer', change: 'cambiar', cancel: 'cancelar' }[v]} reservas; ${r} sí pueden`,
  },
  fr: {
    refused: ['non autorisé', 'plus autorisé'],
    roles: { member: ['les membres', 'un membre'], approver: ['les approbateurs', 'un approbateur'], admin: ['les administrateurs', 'un administrateur'] },
    joins: [', ', ' ou '],
    colon: ' : ',
    only: (r, v, room) => `seuls ${r} peuvent ${{ book: 'réserver', change: 'modifier', cancel: 'annuler' }[v]} ${room}`,
    belongs: (o, f, r, v) => `cette réservation appartient à ${o} (réservée pour ${f}) : seuls cette personne ou ${r} peuvent ${{ book: 'la réserver', change: 'la modifier', cancel: 'l’annuler' }[v]}`,
    mayNot: (one, v, r) => `${one} ne peut pas ${{ book: 'faire', change: 'modifier', cancel: 'annuler' }[v]} de réservations ; ${r} le peuvent`,
  },
  it: {
    refused: ['non consentito', 'non più consentito'],
    roles: { member: ['i membri', 'un membro'], approver: ['gli approvatori', 'un approvatore'], admin: ['gli amministratori', 'un amministratore'] },
    joins: [', ', ' o '],
    colon: ': ',
    only: (r, v, room) => `solo ${r} possono ${{ book: 'prenotare', change: 'modificare', cancel: 'annullare' }[v]} ${room}`,
    belongs: (o, f, r, v) => `questa prenotazione appartiene a ${o} (prenotata per ${f}): solo questa persona o ${r} possono ${{ book: 'prenotarla', change: 'modificarla', cancel: 'annullarla' }[v]}`,
    mayNot: (one, v, r) => `${one} non può ${{ book: 'fare', change: 'modificare', cancel: 'annullare' }[v]} prenotazioni; ${r} sì`,
  },
  pt: {
    refused: ['não permitido', 'já não permitido'],
    roles: { member: ['os membros', 'um membro'], approver: ['os aprovadores', 'um aprovador'], admin: ['os administradores', 'um administrador'] },
    joins: [', ', ' ou '],
    colon: ': ',
    only: (r, v, room) => `só ${r} podem ${{ book: 'reservar', change: 'alterar', cancel: 'cancelar' }[v]} ${room}`,
    belongs: (o, f, r, v) => `esta reserva pertence a ${o} (reservada para ${f}): só essa pessoa ou ${r} podem ${{ book: 'reservá-la', change: 'alterá-la', cancel: 'cancelá-la' }[v]}`,
    mayNot: (one, v, r) => `${one} não pode ${{ book: 'fazer', change: 'alterar', cancel: 'cancelar' }[v]} reservas; ${r} podem`,
  },
  zh: {
    refused: ['不允许', '已不再允许'],
    roles: { member: ['成员', '成员'], approver: ['审批人', '审批人'], admin: ['管理员', '管理员'] },
    joins: ['、', '或'],
    colon: '：',
    only: (r, v, room) => `只有${r}可以${{ book: '预订', change: '更改', cancel: '取消' }[v]} ${room}`,
    belongs: (o, f, r, v) => `此预订属于 ${o}（为 ${f} 预订）：只有本人或${r}可以${{ book: '预订', change: '更改', cancel: '取消' }[v]}`,
    mayNot: (one, v, r) => `${one}不能${{ book: '创建', change: '更改', cancel: '取消' }[v]}预订；${r}可以`,
  },
  ja: {
    refused: ['許可されていません', 'もう許可されていません'],
    roles: { member: ['メンバー', 'メンバー'], approver: ['承認者', '承認者'], admin: ['管理者', '管理者'] },
    joins: ['、', 'または'],
    colon: '：',
    only: (r, v, room) => `${room} の${{ book: '予約', change: '変更', cancel: '取り消し' }[v]}ができるのは${r}だけです`,
    belongs: (o, f, r, v) => `この予約は ${o} のものです（${f} の予約）。${{ book: '予約', change: '変更', cancel: '取り消し' }[v]}できるのは本人または${r}だけです`,
    mayNot: (one, v, r) => `${one}は${{ book: '予約できません', change: '予約を変更できません', cancel: '予約を取り消せません' }[v]}。${r}はできます`,
  },
  ko: {
    refused: ['허용되지 않음', '더 이상 허용되지 않음'],
    roles: { member: ['멤버', '멤버'], approver: ['승인자', '승인자'], admin: ['관리자', '관리자'] },
    joins: [', ', ' 또는 '],
    colon: ': ',
    only: (r, v, room) => `${room} ${{ book: '예약은', change: '변경은', cancel: '취소는' }[v]} ${r}만 할 수 있습니다`,
    belongs: (o, f, r, v) => `이 예약은 ${o}의 예약입니다(${f} 님 예약). 본인 또는 ${r}만 ${{ book: '예약', change: '변경', cancel: '취소' }[v]}할 수 있습니다`,
    mayNot: (one, v, r) => `${one}는 ${{ book: '예약할 수 없습니다', change: '예약을 변경할 수 없습니다', cancel: '예약을 취소할 수 없습니다' }[v]}. ${r}는 할 수 있습니다`,
  },
  ru: {
    refused: ['не разрешено', 'больше не разрешено'],
    roles: { member: ['участники', 'участник'], approver: ['утверждающие', 'утверждающий'], admin: ['администраторы', 'администратор'] },
    joins: [', ', ' или '],
    colon: ': ',
    only: (r, v, room) => `только ${r} могут ${{ book: 'бронировать', change: 'изменять', cancel: 'отменять' }[v]} ${room}`,
    belongs: (o, f, r, v) => `это бронирование принадлежит ${o} (на имя ${f}): ${{ book: 'забронировать', change: 'изменить', cancel: 'отменить' }[v]} его могут только владелец или ${r}`,
    mayNot: (one, v, r) => `${one} не может ${{ book: 'создавать', change: 'изменять', cancel: 'отменять' }[v]} бронирования; ${r} могут`,
  },
};
const POLICY_REASON = /^not allowed( any more)?: (?:only ((?:members|approvers|admins)(?:(?:, | or )(?:members|approvers|admins))*) may (book|change|cancel) (.+)|this booking belongs to (.+) \(booked for (.+)\): only they or ((?:members|approvers|admins)(?:(?:, | or )(?:members|approvers|admins))*) can (book|change|cancel) it|an? (member|approver|admin) may not (book|change|cancel) bookings; ((?:members|approvers|admins)(?:(?:, | or )(?:members|approvers|admins))*) may)$/;

/** A policy reason (`POLICY_REASON`) in `lang`, or null. */
function sayPolicyReason(reason: string, lang: Exclude<OutcomeLanguage, 'en'>): string | null {
  const m = POLICY_REASON.exec(reason);
  if (!m) return null;
  const w = POLICY_WORDS[lang];
  // "approvers or admins", as policy.ts lists roles, in `lang`.
  const roles = (list: string) => {
    const names = list.split(/, | or /).map((r) => w.roles[r.slice(0, -1) as Role][0]);
    return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(w.joins[0])}${w.joins[1]}${names.at(-1)}`;
  };
  const said = m[2]
    ? w.only(roles(m[2]), m[3] as Verb, m[4]!)
    : m[5]
      ? w.belongs(m[5], m[6]!, roles(m[7]!), m[8] as Verb)
      : w.mayNot(w.roles[m[9] as Role][1], m[10] as Verb, roles(m[11]!));
  return `${w.refused[m[1] ? 1 : 0]}${w.colon}${said}`;
}

/** `reason` (the booking system's, in English) in `lang`, where it is one of those it words; null otherwise (it stays as written). */
export function sayReason(reason: string, lang: OutcomeLanguage): string | null {
  if (lang === 'en') return null;
  for (const [re, say] of REASONS) {
    const m = re.exec(reason);
    if (m) return say[lang](m);
  }
  return sayPolicyReason(reason, lang);
}

/** How an outcome is written: each `true` as turns since its patch write it. */
export interface OutcomeWriting {
  /** localized-reasons: the booking system's reasons in the question's language (`sayReason`). */
  reasons?: boolean;
  /** outcome-dates: the days in the question's language ("ven. 11 déc. 2026"), not in English. */
  dates?: boolean;
  /**
   * one-line-outcomes: each outcome on its one line, whatever text it quotes (a room a model's call named, a
   * reason quoting it, an approver's comment): line breaks, control and format characters as one space, so no
   * quoted text starts a line of the block the system did not state, or reorders one.
   */
  oneLine?: boolean;
  /** change-shown: a change names where the booking was before it ("Change · Room 2 · … → Room 3 · …"), not only where it would go. */
  from?: boolean;
}

/** Whether writing `outcomes` as `base` says and with `key` too changes them (a patch is asked for only then). */
export function writingChanges(outcomes: WriteOutcome[], lang: OutcomeLanguage, timezone: string, base: OutcomeWriting, key: keyof OutcomeWriting): boolean {
  const lines = (opts: OutcomeWriting) => outcomes.map((o) => outcomeLine(o, lang, timezone, opts)).join('\n');
  return lines(base) !== lines({ ...base, [key]: true });
}


/** One outcome as a line of text in `lang`, written as `opts` says. */
export function outcomeLine(o: WriteOutcome, lang: OutcomeLanguage, timezone: string, opts: OutcomeWriting = {}): string {
  const t = TEMPLATES[lang];
  // The write's times as the approver saw them (English), or in the question's language; a write never
  // proposed has only the times its call named (since tried-shown), written the same way.
  const range = (start: string, end: string) => formatRangeIn(start, end, timezone, opts.dates ? lang : 'en');
  const stretch = o.startsAt && o.endsAt && (opts.dates || !o.when) ? range(o.startsAt, o.endsAt) : null;
  const when = stretch ?? o.when;
  // Where a change would have taken the booking from (since change-shown), then where to.
  const from = opts.from && o.from ? `${o.from.roomName} · ${range(o.from.startsAt, o.from.endsAt)} → ` : '';
  const what = [t.action[o.action], `${from}${[o.roomName, when].filter(Boolean).join(' · ')}`].filter(Boolean).join(' · ');
  const reason = (opts.reasons && o.reason ? sayReason(o.reason, lang) : null) ?? o.reason ?? '';
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
  if (o.suggestions.length) line += ` ${t.freeInstead(o.suggestions.map((s) => `${s.roomName} ${range(s.startsAt, s.endsAt)}`).join('; '))}`;
  return `- ${opts.oneLine ? onOneLine(line) : line}`;
}

/** The outcome block appended to a turn's answer; empty when the turn attempted no write. */
export function renderOutcomes(outcomes: WriteOutcome[], lang: OutcomeLanguage, timezone: string, opts: OutcomeWriting = {}): string {
  if (outcomes.length === 0) return '';
  return [TEMPLATES[lang].heading, ...outcomes.map((o) => outcomeLine(o, lang, timezone, opts))].join('\n');
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

/** A statement of why the prose is not shown, then the pages the turn retrieved (where it retrieved any). */
function withPages(lang: OutcomeLanguage, key: 'unsourced' | 'otherwise' | 'unspoken' | 'withheld', pages: string[]): string {
  const t = TEMPLATES[lang];
  return pages.length ? `${t[key]}\n${t.sources}: ${pages.join(', ')}.` : t[key];
}

/** What the turn says instead of prose that gave a policy's figures no passage retrieved states, with the pages it retrieved. */
export function figuresNotInDocuments(lang: OutcomeLanguage, pages: string[]): string {
  return withPages(lang, 'unsourced', pages);
}

/** What the turn says instead of prose that said the other way round what a passage retrieved says, with the pages it retrieved. */
export function documentsSayOtherwise(lang: OutcomeLanguage, pages: string[]): string {
  return withPages(lang, 'otherwise', pages);
}

/** What the turn says instead of prose that said what a policy says about what no passage retrieved mentions, with the pages it retrieved. */
export function documentsDoNotSay(lang: OutcomeLanguage, pages: string[]): string {
  return withPages(lang, 'unspoken', pages);
}

/**
 * What the turn says instead of prose its booking reads contradict (or, `unread`, that says more than
 * they found): that, and each stretch of a room's time they found free or booked; with `holders` (an answer
 * that said whose a booking is, held: holders-named), whom each booking read is for, on one line, as a name is said.
 */
export function readsSay(lang: OutcomeLanguage, times: RoomTime[], timezone: string, why: 'contradicted' | 'unread' = 'contradicted', opts: { holders?: boolean } = {}): string {
  const t = TEMPLATES[lang];
  return [t[why], ...readLines(times, timezone, { free: t.free, booked: t.booked }, 8, opts.holders ? (x) => asCalled(x.bookedFor) : undefined)].join('\n');
}

/**
 * What a turn that attempted no write says instead of prose the verifier could not check (failed
 * closed): that it is withheld, and which pages were retrieved, so the user can read them.
 */
export function answerWithheld(lang: OutcomeLanguage, pages: string[]): string {
  return withPages(lang, 'withheld', pages);
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
  it: {
    couldNot: (r) => `Non sono riuscito a completare questa richiesta: ${r}.`,
    found: 'Cosa ho trovato:',
    none: 'Nessun agente ha fornito un risultato utilizzabile.',
    hops: (max) => `servivano più dei ${max} passaggi consentiti`,
    retries: (a, n) => `${a}: nessun risultato dopo ${n} tentativi`,
    tokens: (b, u) => `il passaggio successivo supererebbe il budget di questa richiesta di ${b} token (${u} usati)`,
    usd: (b, x) => `il passaggio successivo supererebbe il budget di questa richiesta di ${b} (${x} spesi)`,
    returnedNothing: 'nessun risultato.',
    failed: (e) => `non riuscito (${e}).`,
    notShown: (why, pages) => `la sua risposta non viene mostrata: ${why}.${pages.length ? ` Pagine trovate: ${pages.join(', ')}.` : ''}`,
    claims: 'afferma ciò che nessuna ricevuta né consultazione conferma',
    unchecked: (d) => `non è stato possibile verificarla (${d})`,
    labels: { knowledge_base_agent: 'Base di conoscenza', booking_agent: 'Prenotazioni' },
    notCovered: (ns) =>
      `Non ho trovato questo nei documenti (spazio "${ns}"). Non è stato trovato nulla di pertinente, quindi non tiro a indovinare; carica il documento che ne parla, oppure chiedi qualcosa che i documenti contengono.`,
    turnFailed: (m) => `Mi dispiace, questa richiesta non è riuscita: ${m}`,
    turnUnfinished: (m) => `Mi dispiace, questa richiesta non è stata completata: ${m}.`,
    nothingChanged: 'Non è stato modificato nulla.',
    changedBefore: 'Modifiche salvate prima dell’errore:',
  },
  pt: {
    couldNot: (r) => `Não consegui concluir este pedido: ${r}.`,
    found: 'O que encontrei:',
    none: 'Nenhum agente produziu um resultado utilizável.',
    hops: (max) => `precisava de mais do que os ${max} passos permitidos`,
    retries: (a, n) => `${a}: sem resultado após ${n} tentativas`,
    tokens: (b, u) => `o próximo passo excederia o orçamento deste pedido de ${b} tokens (${u} usados)`,
    usd: (b, x) => `o próximo passo excederia o orçamento deste pedido de ${b} (${x} gastos)`,
    returnedNothing: 'sem resultado.',
    failed: (e) => `falhou (${e}).`,
    notShown: (why, pages) => `a resposta não é mostrada: ${why}.${pages.length ? ` Páginas encontradas: ${pages.join(', ')}.` : ''}`,
    claims: 'afirma o que nenhum recibo nem consulta comprova',
    unchecked: (d) => `não foi possível verificá-la (${d})`,
    labels: { knowledge_base_agent: 'Base de conhecimento', booking_agent: 'Reservas' },
    notCovered: (ns) =>
      `Não encontrei isto nos documentos (espaço "${ns}"). Nada relevante foi encontrado, por isso não vou adivinhar; carregue o documento que trata disso ou pergunte sobre algo que os documentos contenham.`,
    turnFailed: (m) => `Desculpe, este pedido falhou: ${m}`,
    turnUnfinished: (m) => `Desculpe, este pedido não foi concluído: ${m}.`,
    nothingChanged: 'Nada foi alterado.',
    changedBefore: 'Alterações gravadas antes da falha:',
  },
  zh: {
    couldNot: (r) => `我无法完成这个请求：${r}。`,
    found: '我查到的内容：',
    none: '没有任何代理给出可用的结果。',
    hops: (max) => `所需步骤超过了允许的 ${max} 步`,
    retries: (a, n) => `${a} 尝试 ${n} 次后仍没有结果`,
    tokens: (b, u) => `下一步将超出本次请求 ${b} 个 token 的预算（已用 ${u}）`,
    usd: (b, x) => `下一步将超出本次请求 ${b} 的预算（已花费 ${x}）`,
    returnedNothing: '没有结果。',
    failed: (e) => `失败（${e}）。`,
    notShown: (why, pages) => `其回复不予显示：${why}。${pages.length ? `检索到的页面：${pages.join(', ')}。` : ''}`,
    claims: '它声称了没有收据或查询支持的内容',
    unchecked: (d) => `无法核实（${d}）`,
    labels: { knowledge_base_agent: '知识库', booking_agent: '预订' },
    notCovered: (ns) =>
      `我在文档中没有找到相关内容（命名空间 "${ns}"）。没有检索到相关内容，所以我不会猜测；请上传涵盖这个问题的文档，或询问文档中包含的内容。`,
    turnFailed: (m) => `抱歉，这个请求失败了：${m}`,
    turnUnfinished: (m) => `抱歉，这个请求没有完成：${m}。`,
    nothingChanged: '没有任何更改。',
    changedBefore: '失败前已提交的更改：',
  },
  ja: {
    couldNot: (r) => `このリクエストを完了できませんでした：${r}。`,
    found: '見つかった内容：',
    none: '使える結果を返したエージェントはありませんでした。',
    hops: (max) => `許可された ${max} ステップを超える手順が必要でした`,
    retries: (a, n) => `${a}：${n} 回試行しても結果がありませんでした`,
    tokens: (b, u) => `次のステップでこのリクエストの予算 ${b} トークンを超えます（使用済み ${u}）`,
    usd: (b, x) => `次のステップでこのリクエストの予算 ${b} を超えます（使用済み ${x}）`,
    returnedNothing: '結果なし。',
    failed: (e) => `失敗しました（${e}）。`,
    notShown: (why, pages) => `その回答は表示しません：${why}。${pages.length ? `取得したページ：${pages.join(', ')}。` : ''}`,
    claims: '受領証にも照会結果にも裏付けのない内容を述べています',
    unchecked: (d) => `確認できませんでした（${d}）`,
    labels: { knowledge_base_agent: 'ナレッジベース', booking_agent: '予約' },
    notCovered: (ns) =>
      `この内容は文書に見つかりませんでした（名前空間 "${ns}"）。関連する箇所が取得できなかったため、推測はしません。該当する文書をアップロードするか、文書に含まれる内容についてお尋ねください。`,
    turnFailed: (m) => `申し訳ありません。このリクエストは失敗しました：${m}`,
    turnUnfinished: (m) => `申し訳ありません。このリクエストは完了しませんでした：${m}。`,
    nothingChanged: '何も変更されていません。',
    changedBefore: '失敗の前に確定した変更：',
  },
  ko: {
    couldNot: (r) => `이 요청을 완료하지 못했습니다: ${r}.`,
    found: '찾은 내용:',
    none: '사용할 수 있는 결과를 낸 에이전트가 없습니다.',
    hops: (max) => `허용된 ${max}단계보다 많은 단계가 필요했습니다`,
    retries: (a, n) => `${a}: ${n}번 시도했지만 결과가 없습니다`,
    tokens: (b, u) => `다음 단계가 이 요청의 예산(${b} 토큰)을 넘습니다 (${u} 사용)`,
    usd: (b, x) => `다음 단계가 이 요청의 예산(${b})을 넘습니다 (${x} 지출)`,
    returnedNothing: '결과 없음.',
    failed: (e) => `실패 (${e}).`,
    notShown: (why, pages) => `그 답변은 표시하지 않습니다: ${why}.${pages.length ? ` 검색된 페이지: ${pages.join(', ')}.` : ''}`,
    claims: '영수증이나 조회로 뒷받침되지 않는 내용을 주장합니다',
    unchecked: (d) => `확인할 수 없었습니다 (${d})`,
    labels: { knowledge_base_agent: '지식 베이스', booking_agent: '예약' },
    notCovered: (ns) =>
      `문서에서 이 내용을 찾지 못했습니다 (네임스페이스 "${ns}"). 관련된 내용이 검색되지 않았으므로 추측하지 않겠습니다. 이 내용을 다루는 문서를 업로드하시거나, 문서에 있는 내용에 대해 질문해 주세요.`,
    turnFailed: (m) => `죄송합니다. 이 요청은 실패했습니다: ${m}`,
    turnUnfinished: (m) => `죄송합니다. 이 요청은 완료되지 않았습니다: ${m}.`,
    nothingChanged: '아무것도 변경되지 않았습니다.',
    changedBefore: '실패 전에 확정된 변경:',
  },
  ru: {
    couldNot: (r) => `Не удалось выполнить этот запрос: ${r}.`,
    found: 'Что удалось найти:',
    none: 'Ни один агент не дал пригодного результата.',
    hops: (max) => `потребовалось больше разрешённых ${max} шагов`,
    retries: (a, n) => `${a}: нет результата после ${n} попыток`,
    tokens: (b, u) => `следующий шаг превысил бы бюджет этого запроса в ${b} токенов (использовано ${u})`,
    usd: (b, x) => `следующий шаг превысил бы бюджет этого запроса в ${b} (потрачено ${x})`,
    returnedNothing: 'нет результата.',
    failed: (e) => `ошибка (${e}).`,
    notShown: (why, pages) => `его ответ не показан: ${why}.${pages.length ? ` Найденные страницы: ${pages.join(', ')}.` : ''}`,
    claims: 'он утверждает то, что не подтверждено ни квитанцией, ни проверкой',
    unchecked: (d) => `его не удалось проверить (${d})`,
    labels: { knowledge_base_agent: 'База знаний', booking_agent: 'Бронирования' },
    notCovered: (ns) =>
      `Я не нашёл этого в документах (пространство "${ns}"). Ничего подходящего не найдено, поэтому я не буду гадать; загрузите документ, в котором это описано, или спросите о том, что есть в документах.`,
    turnFailed: (m) => `К сожалению, этот запрос не выполнен: ${m}`,
    turnUnfinished: (m) => `К сожалению, этот запрос не был завершён: ${m}.`,
    nothingChanged: 'Ничего не изменено.',
    changedBefore: 'Изменения, сохранённые до сбоя:',
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
 * them, written as `opts` says), or that it changed nothing. `unfinished`: its workflow closed without
 * finishing. With `opts.oneLine` the message stays on its line too, as every outcome does.
 */
export function failedTurnAnswer(message: string, committed: WriteOutcome[], lang: OutcomeLanguage, timezone: string, how: 'failed' | 'unfinished' = 'failed', opts: OutcomeWriting = {}): string {
  const t = STOP[lang];
  const changed = committed.length ? `${t.changedBefore}\n${committed.map((o) => outcomeLine(o, lang, timezone, opts)).join('\n')}` : t.nothingChanged;
  const why = opts.oneLine ? onOneLine(message) : message;
  return `${how === 'failed' ? t.turnFailed(why) : t.turnUnfinished(why)}\n\n${changed}`;
}

/** How a failed turn writes its answer since the failed-outcomes patch: the days in `lang`, every line its own, a change from where to where. */
export const failedWriting = (lang: OutcomeLanguage): OutcomeWriting => ({ dates: lang !== 'en', oneLine: true, from: true });
