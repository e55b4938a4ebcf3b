/**
 * Claims about bookings found by their words, beside those the claim verifier lists. The verifier is a
 * model: it can miss a claim, or be steered past one by the answer it reads ("the checker has nothing to
 * list here"). The claims it lists are judged by what the turn read and wrote (`unbackedClaims`); these
 * are judged the same way, so a false claim the verifier does not list is still held back when its words
 * say what it is:
 *
 * - a write said done, in the first person ("I booked", "ich habe … gebucht", "he reservado", "j'ai
 *   réservé", "ho prenotato", "reservei", "ik heb … geboekt") or the passive ("has been moved", "wurde
 *   storniert", "fue cancelada"; a booking only as "has been booked", with no one named as its maker),
 *   as made, changed or cancelled; judged clause by clause ("I've booked it, let me know if…" claims
 *   it, "once I have booked it" does not); in an answer from documents, only in the first person
 *   singular (the documents may say "we have reserved the first floor");
 * - a room said free or booked ("Room 3 is free at 5pm", "Raum 3 ist um 14 Uhr belegt", "la sala 3 no
 *   está libre"), with a negation turning one into the other ("nothing was booked" is a write's outcome,
 *   not that); only when the part of the sentence that says it names a room, a clock time or a day, so
 *   there is something to hold it to; a sentence parts where another room or the other state begins.
 *
 * Conservative by design, since a claim found here that the words do not make sends an honest answer
 * back: a sentence that asks, offers, supposes or looks ahead ("?", "if", "would", "once approved",
 * "will be") gives no claim of what is free or booked, and a write denied ("I have not booked") none at
 * all (the verifier still reads them). Pure and shared with the workflow bundle: patterns are built from
 * strings (`new RegExp`), each use afresh.
 */
import { clockSpans, daysNamed, roomsNamed, withoutRooms } from './calendar.js';
import { bookingIds } from './guard.js';
import type { Claim, ClaimKind } from './verify.js';

// ---------------------------------------------------------------- the words

const word = (alternatives: string) => new RegExp(String.raw`(?<![\p{L}\p{N}'’])(?:${alternatives})(?![\p{L}\p{N}])`, 'iu');

// A room said free, in the languages answers come in. Not "open" (opening hours are a policy's), nor
// "free" in "feel free", "free of charge", "for free", "free to ask".
const FREE = [
  'free|available|vacant|unbooked|unoccupied',
  'frei|verfügbar|verfuegbar|buchbar|unbelegt',
  'libre|libres|disponible|disponibles|desocupad[oa]s?',
  'livre|livres|disponível|disponivel|disponíveis|disponiveis',
  'liber[oaie]|disponibil[ei]',
  'vrij|beschikbaar',
].join('|');
const NOT_FREE_OF_ROOMS = String.raw`feel\s+free|free\s+of\s+charge|for\s+free|free\s+to\s+(?:ask|contact|reach|let|tell|reply|write|use)|free\s+(?:coffee|parking|wi-?fi|drinks?|snacks?|lunch)|barrier-free|barrierefrei|stress-free|hands-free`;

// A room said booked. "booked" in a first-person write ("I booked") is a write claim, read first.
const BOOKED = [
  "booked|reserved|occupied|blocked|in\\s+use|(?:is|are|was|were|['’]s|already|also)\\s+taken",
  'gebucht|belegt|besetzt|reserviert|vergeben|blockiert',
  'reservad[oa]s?|ocupad[oa]s?',
  'réservée?s?|reservee?s?|occupée?s?|occupee?s?',
  'prenotat[oaie]|occupat[oaie]|riservat[oaie]',
  'geboekt|bezet|gereserveerd',
].join('|');

// A negation just before a state word turns it ("not free": booked; "nicht belegt": free).
// French says it with "ne"/"n'" before the verb ("n'est pas libre"); "plus" and "pas" alone are other words too.
const NEGATION = [
  'not|never|no\\s+longer|nothing|nobody|none',
  'nicht|kein|keine|keiner|nie|nichts|niemand',
  'no|nunca|nada|nadie|ninguna?|ningún',
  'ne|rien|personne|aucune?',
  'não|nao|nenhuma?|ninguém',
  'non|nessuna?|niente|nulla',
  'niet|geen|nooit|niets|niemand',
].join('|');

// Before a negated "booked" in its stretch: a past or passive auxiliary, which makes it a write's outcome ("nothing was booked", "wurde nicht gebucht").
const WRITE_NOT_DONE = String.raw`(?<![\p{L}])(?:was|were|been|got|wurde|wurden|worden|fue|fueron|sido|se|été|foi|foram|stat[oaie]|werd|werden)(?![\p{L}])`;

// A sentence that asks, offers, supposes, looks ahead or waits (for an approval) states no fact.
const NOT_A_FACT = [
  'if|whether|would|could|should|shall|can|may|might|will|want|wish|like\\s+me|please|let\\s+me|once|as\\s+soon\\s+as|pending|waiting|approval|approve[sd]?|going\\s+to|needs?\\s+to|unless',
  'wenn|falls|ob|sollen?|soll|möchten?|möchtest|willst|wollen|würden?|könnten?|kann|können|wird|werden|sobald|genehmigung|freigabe|genehmigt|bitte|sofern',
  'si|quieres|quiere|quieren|deseas?|puedo|podría|podria|puede|pueden|será|sera|estará|estara|cuando|una\\s+vez|aprobación|aprobacion|aprobada|pendiente|espera|vas?\\s+a|voy\\s+a',
  'voulez|veux|souhaitez|souhaites|peux|pouvez|pourrais|pourrait|seront|une\\s+fois|dès\\s+que|des\\s+que|quand|lorsque|approbation|approuvée?|attente|vais|va',
  'quer|quiser|queres|posso|pode|podem|serão|serao|estará|quando|aprovação|aprovacao|aprovada|pendente|aguardando|vou',
  'vuoi|vuole|potrei|può|puo|sarà|sara|approvazione|approvata|attesa',
  'als|wil|wilt|kan|kunt|zal|zullen|wordt|goedkeuring|zodra',
].join('|');

// A German or Dutch participle ends its clause ("Ich habe Raum 3 für Sarah um 14 Uhr gebucht"): those
// patterns are tried on each clause alone (`clausesOf`), so "Ich habe nachgesehen: Raum 3 ist gebucht"
// claims no write. What may stand between the auxiliary and the participle: the clause's other words.
// At most 160 characters, so a long clause costs a bounded scan per auxiliary, not one to its end.
const SAME_CLAUSE = String.raw`[^,:;.!?]{0,160}`;

// First-person writes: a booking made, changed or cancelled by the one writing ("I booked", "hemos
// cancelado"), built per language from its auxiliaries and participles.
const B = String.raw`(?<![\p{L}])`;
const E = String.raw`(?![\p{L}])`;
/** English: "I booked", "we've just cancelled". */
const english = (participles: string) => String.raw`\b(?:i|we)(?:'ve|’ve|\s+have)?\s+(?:just\s+|now\s+|successfully\s+|also\s+|already\s+|gone\s+ahead\s+and\s+)?(?:${participles})\b`;
/** German and Dutch: subject and auxiliary in either order, the participle at the clause's end ("Für Sarah habe ich Raum 3 gebucht"). */
const verbFinal = (subjects: string, aux: string, participles: string) =>
  [`(?:${subjects})\\s+(?:${aux})`, `(?:${aux})\\s+(?:${subjects})`].map((start) => `${B}${start}${E}${SAME_CLAUSE}${B}(?:${participles})${E}`).join('|');
/** Spanish, French, Italian: an auxiliary, at most one word, the participle ("he reservado", "j'ai bien réservé", "ho anche disdetto"). */
const auxThen = (aux: string, participles: string) => String.raw`${B}(?:${aux})\s+(?:\p{L}+\s+)?(?:${participles})${E}`;
/** A form that says it alone ("reservé", "cancelei"). */
const alone = (forms: string) => `${B}(?:${forms})${E}`;
const DE = ['ich|wir', 'habe|haben|hab'] as const;
const NL = ['ik|we|wij', 'heb|hebben'] as const;
const ES_AUX = String.raw`he|hemos|te\s+he|le\s+he|les\s+he`;
const FR_AUX = String.raw`j['’]ai|je\s+n['’]ai|nous\s+(?:n['’])?avons|je\s+(?:ne\s+)?l['’]ai|je\s+(?:ne\s+)?vous\s+ai|on\s+(?:n['’])?a`;
const IT_AUX = String.raw`ho|abbiamo|ti\s+ho|le\s+ho`;
const WRITE_VERBS: Record<'booked' | 'changed' | 'cancelled', string[]> = {
  booked: [
    english('booked|reserved|secured|blocked'),
    verbFinal(...DE, 'gebucht|reserviert|eingetragen|geblockt'),
    alone(String.raw`(?:buchte|reservierte)\s+ich`),
    auxThen(ES_AUX, 'reservado|agendado|apartado|bloqueado'),
    alone('reservé|agendé|aparté'),
    auxThen(FR_AUX, '(?:réservé|reserve|bloqué|bloque)e?s?'),
    alone(String.raw`reservei|agendei|reservamos|agendamos|(?:eu\s+)?(?:já\s+)?fiz\s+a\s+reserva`),
    auxThen(IT_AUX, 'prenotato|riservato|bloccato'),
    verbFinal(...NL, 'geboekt|gereserveerd'),
  ],
  changed: [
    english('moved|rescheduled|changed|shifted|updated|extended'),
    verbFinal(...DE, 'umgebucht|verschoben|verlegt|geändert|verlängert'),
    auxThen(ES_AUX, 'movido|cambiado|reprogramado|trasladado|modificado'),
    alone('moví|cambié|reprogramé|trasladé'),
    auxThen(FR_AUX, '(?:déplacé|deplace|reporté|reporte|modifié|modifie|décalé|decale)e?s?'),
    alone('remarquei|mudei|alterei|transferi|remarcamos'),
    auxThen(IT_AUX, 'spostato|modificato|cambiato|riprogrammato'),
    verbFinal(...NL, 'verplaatst|gewijzigd|omgeboekt'),
  ],
  cancelled: [
    english(String.raw`cancell?ed|deleted|removed|released|freed\s+up`),
    verbFinal(...DE, 'storniert|abgesagt|gelöscht|geloescht|freigegeben|entfernt'),
    auxThen(ES_AUX, 'cancelado|anulado|eliminado|liberado|borrado'),
    alone('cancelé|anulé|eliminé|liberé|borré'),
    auxThen(FR_AUX, '(?:annulé|annule|supprimé|supprime|libéré|libere)e?s?'),
    alone('cancelei|anulei|cancelamos|apaguei|liberei'),
    auxThen(IT_AUX, 'annullato|cancellato|disdetto|eliminato|liberato'),
    verbFinal(...NL, 'geannuleerd|verwijderd|vrijgegeven'),
  ],
};
// Writes said done in the passive ("the meeting has been moved", "wurde storniert", "fue cancelada", "a
// été déplacée", "foi cancelada"): a booking made only in the perfect and with no one named as having
// made it ("has been booked", not "was booked by Tom", which relays a read).
const NOT_BY = String.raw`(?![^.!?]*(?<![\p{L}])(?:by|von|por|par|da|door)(?![\p{L}]))`;
const PASSIVE_VERBS: Record<'booked' | 'changed' | 'cancelled', string[]> = {
  booked: [
    String.raw`\b(?:has|have)\s+been\s+(?:successfully\s+)?(?:booked|reserved)\b${NOT_BY}`,
    String.raw`${B}(?:ist|sind)${E}${SAME_CLAUSE}${B}(?:gebucht|reserviert)\s+worden${E}${NOT_BY}`,
    String.raw`${B}(?:ha|han)\s+sido\s+reservad[oa]s?${E}${NOT_BY}`,
    String.raw`${B}(?:a|ont)\s+été\s+réservée?s?${E}${NOT_BY}`,
    String.raw`${B}(?:è|sono)\s+stat[oaie]\s+prenotat[oaie]${E}${NOT_BY}`,
  ],
  changed: [
    String.raw`\b(?:(?:has|have)\s+been|was|were)\s+(?:successfully\s+)?(?:moved|rescheduled)\b`,
    String.raw`${B}(?:wurde|wurden|ist|sind)${E}${SAME_CLAUSE}${B}(?:verschoben|verlegt|umgebucht)${E}`,
    String.raw`${B}(?:fue|fueron|ha\s+sido|han\s+sido)\s+(?:\p{L}+\s+)?(?:reprogramad|trasladad|movid)[oa]s?${E}`,
    String.raw`${B}(?:a|ont)\s+été\s+(?:\p{L}+\s+)?(?:déplacé|reporté|décalé)e?s?${E}`,
    String.raw`${B}(?:foi|foram)\s+(?:\p{L}+\s+)?(?:remarcad|transferid)[oa]s?${E}`,
    String.raw`${B}(?:è|sono)\s+stat[oaie]\s+(?:\p{L}+\s+)?spostat[oaie]${E}`,
  ],
  cancelled: [
    String.raw`\b(?:(?:has|have)\s+been|was|were|is\s+now)\s+(?:successfully\s+)?cancell?ed\b`,
    String.raw`${B}(?:wurde|wurden|ist|sind)${E}${SAME_CLAUSE}${B}(?:storniert|abgesagt)${E}`,
    String.raw`${B}(?:fue|fueron|ha\s+sido|han\s+sido|quedó|quedaron)\s+(?:\p{L}+\s+)?(?:cancelad|anulad)[oa]s?${E}`,
    String.raw`${B}(?:a|ont)\s+été\s+(?:\p{L}+\s+)?annulée?s?${E}`,
    String.raw`${B}(?:foi|foram)\s+(?:\p{L}+\s+)?(?:cancelad|desmarcad|anulad)[oa]s?${E}`,
    String.raw`${B}(?:è|sono)\s+stat[oaie]\s+(?:\p{L}+\s+)?(?:annullat|cancellat|disdett)[oaie]${E}`,
    String.raw`${B}(?:is|werd|zijn|werden)${E}${SAME_CLAUSE}${B}geannuleerd${E}`,
  ],
};
const WRITE_KINDS = ['cancelled', 'changed', 'booked'] as const;

// Where a sentence that says both free and booked parts into its claims: a contrast, an "and", a comma, a dash.
const JOINS = 'but|and|while|whereas|however|though|although|aber|und|doch|jedoch|während|sondern|pero|y|e|mientras|aunque|sino|mais|et|alors\\s+que|tandis\\s+que|cependant|mas|enquanto|ma|mentre|però|maar|en|terwijl';
const PARTS = String.raw`\s*[,;]\s*(?:(?:${JOINS})(?![\p{L}])\s*)?|\s+[-–—]\s+|\s+(?:${JOINS})(?![\p{L}])\s*`;

// ---------------------------------------------------------------- sentences and parts

/**
 * The sentences of a text: at a line's end, and after ".", "!", "?" or "…" before a space and a capital
 * or a bullet, not after a digit ("am 11. Dezember", "3.").
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(new RegExp(String.raw`(?<=(?<![\p{N}])[.!?…])\s+(?=[\p{Lu}¿¡"“«*\-•])|(?<=[;])\s+`, 'u')))
    .map((s) => s.replace(/^[\s*\-•>#]+/, '').trim())
    .filter((s) => s !== '');
}

/** The state a stretch of words gives a room: free, booked (either turned by a negation just before it), neither, or both. */
function stateOf(part: string): 'available' | 'exists' | 'both' | 'unsaid' | null {
  const bare = part.replace(new RegExp(NOT_FREE_OF_ROOMS, 'giu'), ' ');
  const kinds = new Set<'available' | 'exists'>();
  for (const [words, kind] of [[FREE, 'available'], [BOOKED, 'exists']] as const) {
    for (const m of bare.matchAll(new RegExp(String.raw`(?<![\p{L}\p{N}'’])(?:${words})(?![\p{L}\p{N}])`, 'giu'))) {
      // Up to three words before it: "not free", "ist um 14 Uhr nicht frei", "n'est pas libre".
      const before = bare.slice(0, m.index).split(/\s+/).slice(-4).join(' ');
      const negated = new RegExp(String.raw`(?<![\p{L}])(?:${NEGATION})(?![\p{L}])(?!,)|n['’]t(?![\p{L}])|(?<![\p{L}])n['’]\p{L}`, 'iu').test(before);
      // "Nothing was booked", "Room 3 was not booked", "no se reservó": what a write did not do, not what is free.
      if (negated && kind === 'exists' && new RegExp(WRITE_NOT_DONE, 'iu').test(bare.slice(0, m.index))) return 'unsaid';
      kinds.add(negated === (kind === 'available') ? 'exists' : 'available');
    }
  }
  if (kinds.size === 2) return 'both';
  return kinds.size ? [...kinds][0]! : null;
}

// Where a sentence parts into clauses for the write patterns: punctuation and the joining words that
// start another clause. Not "und"/"and": "für Sarah und Tom gebucht" is one clause.
const CLAUSE_BREAK = String.raw`[,:;]|\s[-–—]\s|\s(?:aber|dass|weil|denn|sondern|doch|maar|dat|omdat|want|but|because|pero|porque|mais|parce\s+que|ma|perché|mas)\s`;
// A clause that supposes or looks ahead claims no write done ("once I have booked it", "wenn ich … gebucht habe", "si he reservado").
const SUPPOSED = String.raw`(?<![\p{L}])(?:if|once|when|whenever|as\s+soon\s+as|after|unless|would|could|should|wenn|falls|sobald|nachdem|sofern|würde|hätte|si|cuando|una\s+vez|habría|quand|lorsque|dès\s+que|une\s+fois|aurais|quando|assim\s+que|teria|appena|avrei|als|zodra|zou)(?![\p{L}])`;
// A plural subject or auxiliary: in an answer from documents, the organisation speaking ("we have reserved the first floor").
const PLURAL = String.raw`(?<![\p{L}])(?:we|wir|haben|nous|avons|hemos|abbiamo|wij|hebben|on|reservamos|agendamos|cancelamos|remarcamos)(?![\p{L}])`;
// A verb of another clause inside a verb-final match ("Ich habe nachgesehen und Raum 3 ist gebucht").
const OTHER_VERB = String.raw`(?<![\p{L}])(?:ist|sind|war|waren|wird|werden|is|zijn|was|werd)(?![\p{L}])`;
// A write said not to be made ("I have not booked", "ich habe nichts gebucht", "je n'ai pas réservé").
const DENIED = String.raw`(?<![\p{L}])(?:not|never|nothing|nicht|nichts|kein|keine|no|nunca|nada|pas|jamais|rien|não|nao|non|niente|niet|geen|niets)(?![\p{L}])|n['’]t(?![\p{L}])`;

/**
 * The write a sentence claims, if any; `denied` when it says one was not made ("ich habe Raum 3 nicht
 * gebucht"), which claims nothing. Judged clause by clause: "I've booked Room 3, let me know if you need
 * anything" claims it; "Once I have booked it, you'll get a receipt" and "I've booked it?" do not. With
 * `documents` (an answer from documents, where "we have reserved the first floor for quiet work" may be
 * the policy speaking), only a write in the first person singular, active.
 */
function writeOf(sentence: string, documents: boolean): 'booked' | 'changed' | 'cancelled' | 'denied' | null {
  const clauses = sentence.split(new RegExp(CLAUSE_BREAK, 'iu')).filter((c) => c && !/[?¿]/.test(c) && !new RegExp(SUPPOSED, 'iu').test(c));
  for (const kind of WRITE_KINDS) {
    const sources = [...WRITE_VERBS[kind].map((source) => ({ source, active: true })), ...(documents ? [] : PASSIVE_VERBS[kind].map((source) => ({ source, active: false })))];
    for (const { source, active } of sources) {
      const pattern = new RegExp(source, 'iu');
      for (const clause of clauses) {
        const m = pattern.exec(clause);
        // An active write's auxiliary and participle in one clause; a passive one is its own auxiliary.
        if (!m || (active && new RegExp(OTHER_VERB, 'iu').test(m[0]))) continue;
        if (documents && new RegExp(PLURAL, 'iu').test(m[0])) continue;
        const around = clause.slice(Math.max(0, m.index - 12), m.index + m[0].length + 12);
        return new RegExp(DENIED, 'iu').test(around) ? 'denied' : kind;
      }
    }
  }
  return null;
}

/** Whether a stretch of words names something a state claim can be held to: a room, a clock time or a day. */
function anchored(part: string, names: readonly string[]): boolean {
  return roomsNamed(part, names).length > 0 || clockSpans(withoutRooms(part, names)).length > 0 || daysNamed(part).length > 0;
}

/**
 * The claims of what is free or booked in one sentence: its parts between joining words, grouped so that
 * a claim ends where another room or the other state begins ("Room 2 is free at 2pm, and Room 3 from
 * 3pm": two; "booked at 2pm, 3pm and 4pm, but free at 5pm": two; "it is free from 3pm, and Room 2
 * is free at 2pm": two; "On Friday, Room 3 is free at 2pm": one). A group that names no state of its own takes the one before it ("and Room 3 from 3pm": free).
 */
function claimsOfSentence(sentence: string, names: readonly string[]): { text: string; state: 'available' | 'exists' | 'both' | 'unsaid' }[] {
  const pieces = sentence.split(new RegExp(`(${PARTS})`, 'iu'));
  const groups: { text: string; state: 'available' | 'exists' | 'both' | 'unsaid' | null; rooms: string[] }[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const part = pieces[i] ?? '';
    if (part.trim() === '') continue;
    const state = stateOf(part);
    const rooms = roomsNamed(part, names);
    const cur = groups.at(-1);
    const otherRoom = cur && rooms.length > 0 && cur.rooms.length > 0 && rooms.join() !== cur.rooms.join();
    const otherState = cur && state !== null && cur.state !== null && state !== cur.state;
    // A part with a room and a state of its own after a stated one is a claim of its own ("it is free from 3pm, and Room 2 is free at 2pm").
    const ownClaim = cur && rooms.length > 0 && state !== null && cur.state !== null;
    if (!cur || otherRoom || otherState || ownClaim) {
      groups.push({ text: part, state, rooms });
    } else {
      cur.text += `${pieces[i - 1] ?? ' '}${part}`;
      cur.state ??= state;
      if (cur.rooms.length === 0) cur.rooms = rooms;
    }
  }
  const known = groups.filter((g) => g.state !== null);
  return groups.flatMap((g, i) => {
    const state = g.state ?? groups.slice(0, i).reverse().find((x) => x.state !== null)?.state ?? known[0]?.state;
    return state ? [{ text: g.text.trim(), state }] : [];
  });
}

/** How much of an answer its words are read in (`claimsByWords`): far more than an answer needs, little enough to read in a few hundred ms at worst. */
export const READ_CHARS = 20_000;

/**
 * The claims about bookings `text` makes by its words: writes said done (with `documents`, an answer
 * from documents, only in the first person singular), and (with `states`) rooms said free or booked,
 * each with the words that make it. `names` are the rooms the conversation has seen
 * ("Boardroom"). Claims the verifier may also list: the caller drops those it already has.
 */
export function claimsByWords(text: string, opts: { names?: readonly string[]; states?: boolean; documents?: boolean } = {}): Claim[] {
  const names = opts.names ?? [];
  // What the words are read in: the answer up to the last sentence end within READ_CHARS. A longer
  // answer (a model's, possibly hostile) is read no further, so the workflow thread's time stays bounded;
  // the verifier still reads it whole.
  const head = text.slice(0, READ_CHARS);
  const cut = text.length > READ_CHARS ? head.replace(/[^.!?\n]*$/, '') || head : text;
  const out: Claim[] = [];
  const claim = (words: string, kind: ClaimKind) => out.push({ text: words, kind, receiptId: bookingIds().exec(words)?.[0] ?? null, whose: null, byWords: true });
  for (const sentence of sentencesOf(cut)) {
    const write = writeOf(sentence, opts.documents ?? false);
    if (write === 'denied') continue;
    if (write) {
      claim(sentence, write);
      continue;
    }
    if (!opts.states || sentence.includes('?') || sentence.includes('¿') || word(NOT_A_FACT).test(sentence)) continue;
    const said = stateOf(sentence);
    if (said === null || said === 'unsaid') continue;
    for (const { text: words, state } of claimsOfSentence(sentence, names)) {
      if (state === 'both' || state === 'unsaid' || !anchored(words, names)) continue;
      claim(words, state);
    }
  }
  return out;
}

/** The claims of `found` the verifier did not already list: none of `listed` of the same kind in the same words (`sameWords`). */
export function notListed(found: Claim[], listed: readonly Claim[]): Claim[] {
  return found.filter((w) => !listed.some((c) => c.kind === w.kind && sameWords(c.text, w.text)));
}

/** Whether two claims' words are the same words, one holding the other (case, spacing and end punctuation aside): the verifier already listed it. */
export function sameWords(a: string, b: string): boolean {
  const norm = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').replace(/^[\s"“'«]+|[\s.!…"”'»]+$/g, '');
  const [x, y] = [norm(a), norm(b)];
  return x !== '' && y !== '' && (x.includes(y) || y.includes(x));
}
