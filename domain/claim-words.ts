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
 * - since the `write-nouns` patch (`writesByNouns`), a write said done with the booking or the room as
 *   its subject or label ("your booking is confirmed", "Reserva cancelada", "Buchung bestätigt", "Sala 3
 *   confirmada"), or in English with no subject ("Booked Room 3 for Sarah"); not in an answer from documents;
 * - since the `possession-words` patch, a room said to be the reader's ("Room 3 is all yours", "la sala 3
 *   es tuya"): a booking of theirs;
 * - since the `other-scripts` patch, writes said done in Chinese, Japanese, Korean and Russian
 *   (`claim-words-scripts.ts`), and since `script-states` rooms said free or booked in them;
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
import { inLatinTerms } from './calendar-words.js';
import { scriptClaims, type ScriptState, type ScriptWrite } from './claim-words-scripts.js';
import { bookingIds } from './guard.js';
import type { Claim, ClaimKind } from './verify.js';

// ---------------------------------------------------------------- the words

const word = (alternatives: string) => new RegExp(String.raw`(?<![\p{L}\p{N}'’])(?:${alternatives})(?![\p{L}\p{N}])`, 'iu');

// A room said free, in the languages answers come in. Not "open" (opening hours are a policy's), nor
// "free" in "feel free", "free of charge", "for free", "free to ask".
export const FREE = [
  'free|available|vacant|unbooked|unoccupied',
  'frei|verfügbar|verfuegbar|buchbar|unbelegt',
  'libre|libres|disponible|disponibles|desocupad[oa]s?',
  'livre|livres|disponível|disponivel|disponíveis|disponiveis',
  'liber[oaie]|disponibil[ei]',
  'vrij|beschikbaar',
].join('|');
const NOT_FREE_OF_ROOMS = String.raw`feel\s+free|free\s+of\s+charge|for\s+free|free\s+to\s+(?:ask|contact|reach|let|tell|reply|write|use)|free\s+(?:coffee|parking|wi-?fi|drinks?|snacks?|lunch)|barrier-free|barrierefrei|stress-free|hands-free`;

// A room said booked. "booked" in a first-person write ("I booked") is a write claim, read first.
export const BOOKED = [
  "booked|reserved|occupied|blocked|in\\s+use|(?:is|are|was|were|['’]s|already|also)\\s+taken",
  'gebucht|belegt|besetzt|reserviert|vergeben|blockiert',
  'reservad[oa]s?|ocupad[oa]s?',
  'réservée?s?|reservee?s?|occupée?s?|occupee?s?',
  'prenotat[oaie]|occupat[oaie]|riservat[oaie]',
  'geboekt|bezet|gereserveerd',
].join('|');

// Since the `state-words` patch, more words of a room's state: booked "busy", "unavailable", "spoken for", "ausgebucht",
// "indisponible", "indisponibile", "indisponível"; free "empty", "up for grabs", "zu haben" ("noch zu haben"). Not
// "open" (opening hours), nor "clear" ("to be clear"); "unavailable" read as booked as "not available" is.
export const FREE_MORE = String.raw`empty|up\s+for\s+grabs|zu\s+haben`;
export const BOOKED_MORE = String.raw`busy|unavailable|spoken\s+for|ausgebucht|indisponibles?|indisponibil[ei]|indisponíve(?:l|is)|indisponive(?:l|is)`;

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
export const NOT_A_FACT = [
  'if|whether|would|could|should|shall|can|may|might|will|want|wish|like\\s+me|please|let\\s+me|once|as\\s+soon\\s+as|pending|waiting|approval|approve[sd]?|going\\s+to|needs?\\s+to|unless',
  'wenn|falls|ob|sollen?|soll|möchten?|möchtest|willst|wollen|würden?|könnten?|kann|können|wird|werden|sobald|genehmigung|freigabe|genehmigt|bitte|sofern',
  'si|quieres|quiere|quieren|deseas?|puedo|podría|podria|puede|pueden|será|sera|estará|estara|cuando|una\\s+vez|aprobación|aprobacion|aprobada|pendiente|espera|vas?\\s+a|voy\\s+a',
  'voulez|veux|souhaitez|souhaites|peux|pouvez|pourrais|pourrait|seront|une\\s+fois|dès\\s+que|des\\s+que|quand|lorsque|approbation|approuvée?|attente|vais|va',
  'quer|quiser|queres|posso|pode|podem|serão|serao|estará|quando|aprovação|aprovacao|aprovada|pendente|aguardando|vou',
  'vuoi|vuole|potrei|può|puo|sarà|sara|approvazione|approvata|attesa',
  'als|wil|wilt|kan|kunt|zal|zullen|wordt|goedkeuring|zodra',
].join('|');
// The same where a sentence is read as a whole: "sera" after the Italian words before an evening ("venerdì sera", "questa sera")
// is the evening, not the Spanish or French "sera" (will be), so "La sala 3 è libera venerdì sera" states a fact.
const EVENING_BEFORE = 'lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|domani|oggi|ieri|questa|stessa|di|la|alla|ogni';
const NOT_A_FACT_WORDS = NOT_A_FACT.replace(/(?<=\|)sera(?=\|)/, String.raw`(?<!(?:${EVENING_BEFORE})\s+)sera`);

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

// Writes said done with the booking as the subject, or as a label (since the `write-nouns` patch):
// "your booking for Room 3 is confirmed", "Reserva cancelada", "Buchung storniert", "Réservation
// annulée", "Prenotazione confermata", "Boeking bevestigd", "Sala 3 confirmada"; in English also with no
// subject ("Booked Room 3 for Sarah", "Cancelled your 2pm booking"). A booking is the subject when a
// determiner names it ("your", "the", "Ihre", "la"…), or it opens the clause in the singular ("Booking
// confirmed"): "Bookings are confirmed by email" and "reservations cancelled late are charged" are rules.
const DETERMINER = String.raw`your|the|this|my|ihre?|deine?|die|der|diese|eure|unsere|tu|su|la|esta|vuestra|nuestra|votre|ta|cette|notre|tua|sua|questa|vostra|a|je|jouw|uw|de|het|deze`;
const BOOKING_NOUN = String.raw`booking|reservation|meeting|buchung|reservierung|besprechung|termin|reserva|reservación|reservacion|reunión|reunion|cita|réservation|réunion|rendez-vous|prenotazione|riunione|reunião|reuniao|boeking|reservering|afspraak|vergadering`;
const BOOKING_NOUNS = String.raw`bookings|reservations|meetings|buchungen|reservierungen|termine|reservas|reuniones|citas|réservations|réunions|prenotazioni|riunioni|reuniões|boekingen|reserveringen|afspraken`;
// A room as the subject ("Sala 3 confirmada", "Room 3 is confirmed for 2pm"): only for a booking confirmed or made.
const ROOM_SUBJECT = String.raw`(?:room|raum|sala|salle|zaal|stanza)\s+(?:\d{1,3}|[A-Z])`;
// What is said of it: an auxiliary, perhaps a word ("now", "erfolgreich"), then the participle.
const NOUN_AUX = String.raw`is|are|was|were|has\s+been|have\s+been|got|ist|sind|wurde|wurden|está|están|esta|fue|fueron|ha\s+sido|han\s+sido|quedó|quedo|quedaron|queda|quedan|est|sont|a\s+été|ont\s+été|è|sono|è\s+stat[oa]|sono\s+stat[ei]|estão|foi|foram|ficou|ficaram|zijn|werd|werden`;
const NOUN_PARTICIPLES: Record<'booked' | 'changed' | 'cancelled', string> = {
  booked: String.raw`confirmed|created|made|secured|finali[sz]ed|bestätigt|bestaetigt|erstellt|angelegt|gesichert|confirmad[oa]s?|hech[oa]s?|realizad[oa]s?|cread[oa]s?|garantizad[oa]s?|confirmée?s?|confirmee?s?|effectuée?s?|créée?s?|creee?s?|confermat[oaie]|effettuat[oaie]|creat[oaie]|garantid[oa]s?|efetuad[oa]s?|criad[oa]s?|feit[oa]s?|bevestigd|aangemaakt|vastgelegd`,
  changed: String.raw`moved|rescheduled|changed|updated|shifted|verschoben|verlegt|umgebucht|geändert|geaendert|movid[oa]s?|cambiad[oa]s?|reprogramad[oa]s?|trasladad[oa]s?|modificad[oa]s?|déplacée?s?|deplacee?s?|reportée?s?|modifiée?s?|décalée?s?|spostat[oaie]|modificat[oaie]|cambiat[oaie]|remarcad[oa]s?|alterad[oa]s?|transferid[oa]s?|verplaatst|gewijzigd|omgeboekt`,
  cancelled: String.raw`cancell?ed|deleted|called\s+off|storniert|abgesagt|gelöscht|geloescht|cancelad[oa]s?|anulad[oa]s?|eliminad[oa]s?|annulée?s?|annulee?s?|supprimée?s?|annullat[oaie]|cancellat[oaie]|disdett[oaie]|desmarcad[oa]s?|geannuleerd|verwijderd`,
};
// Who did it, after the participle: "confirmed by email", "cancelada por Tom" (a rule, or a relay of someone else's act).
const BY_SOMEONE = String.raw`(?<![\p{L}])(?:by|von|vom|durch|por|par|door|dal|dalla|pelo|pela)(?![\p{L}])`;
// Between the subject and its auxiliary: its id, or what a preposition adds ("for Room 3 at 2pm tomorrow"); not
// another noun ("the booking page was updated" says nothing of a booking).
const PREPOSITION = 'for|of|in|on|at|from|with|für|von|vom|im|am|um|bei|de|del|para|en|pour|du|à|au|per|della|di|alle|nella|da|do|na|no|voor|van|om|op|met';
const UP_TO_AUX = String.raw`(?:\s+bk_\w+|\s*\([^()]{0,60}\)|\s+(?:${PREPOSITION})\s[^,:;.!?]{0,80}?){0,2}\s+`;
// A word that may stand before the participle: "is now confirmed", "erfolgreich storniert", "ya confirmada".
const ADVERB = 'successfully|now|just|already|also|erfolgreich|jetzt|nun|bereits|schon|auch|ya|correctamente|también|ahora|bien|déjà|maintenant|aussi|già|ora|correttamente|anche|já|agora|também|nu|al|ook|succesvol';
// Words between the subject and the participle that put the write ahead or make it a rule: "will be confirmed", "needs to be", "muss noch", "debe ser".
const NOT_YET = String.raw`(?<![\p{L}])(?:will|would|be|must|need|needs|should|can|could|may|might|shall|still|yet|only|usually|always|automatically|werden|wird|würde|muss|müssen|soll|sollte|kann|noch|nur|immer|automatisch|será|serán|sera|seront|debe|deben|puede|pueden|todavía|aún|solo|siempre|doit|doivent|peut|encore|seulement|toujours|sarà|saranno|deve|devono|può|ancora|solo|sempre|serão|serao|pode|ainda|sempre|zal|zullen|moet|moeten|kan|nog|alleen|altijd|wordt|worden)(?![\p{L}])`;
// Since the `noun-modifiers` patch, what may also stand around the booking: before it, up to three words
// that say which ("your Room 3 booking", "your 2pm booking", "Ihre neue Buchung"); after it, a day or a
// place said in a word ("your booking tomorrow at 2pm", "Ihre Buchung morgen um 14 Uhr", "your booking
// there"), before what a preposition adds.
const MODIFIERS = String.raw`(?:[^\s,:;.!?]+\s+){0,3}?`;
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|lunes|martes|miércoles|jueves|viernes|sábado|domingo|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche';
const DAY_OR_PLACE = String.raw`tomorrow|today|tonight|there|then|morgen|heute|dort|da|mañana|hoy|allí|ahí|demain|aujourd['’]hui|là|domani|oggi|lì|amanhã|hoje|lá|vandaag|daar|${WEEKDAYS}`;
type NounPattern = { source: string; status?: true };
/**
 * Each pattern with `status` when it can be a booking's status read rather than a write ("your booking on
 * Friday is confirmed", after a read that found it): a booking, with its determiner, said confirmed or made.
 * With `modifiers` (since the `noun-modifiers` patch), words that say which booking may stand around it.
 */
function nounPatterns(modifiers: boolean): Record<'booked' | 'changed' | 'cancelled', NounPattern[]> {
  const which = modifiers ? MODIFIERS : '';
  const upToAux = modifiers ? String.raw`(?:\s+(?:${DAY_OR_PLACE})(?![\p{L}]))?${UP_TO_AUX}` : UP_TO_AUX;
  return Object.fromEntries(
    WRITE_KINDS.map((kind) => {
      const participle = `(?:${NOUN_PARTICIPLES[kind]})`;
      const after = `${upToAux}(?:${NOUN_AUX})\\s+(?:(?:${ADVERB})\\s+)?${participle}${E}`;
      return [
        kind,
        [
          // "your booking … is confirmed", "la reserva de la sala 3 quedó hecha".
          { source: `${B}(?:${DETERMINER})\\s+${which}(?:${BOOKING_NOUN}|${BOOKING_NOUNS})${E}${after}`, ...(kind === 'booked' ? { status: true as const } : {}) },
          // "Room 3 is confirmed for 2pm".
          ...(kind === 'booked' ? [{ source: `${B}${ROOM_SUBJECT}${E}${after}` }] : []),
          // A label at the clause's start: "Booking confirmed", "Reserva cancelada", "Sala 3 confirmada".
          { source: `^\\P{L}*(?:(?:${DETERMINER})\\s+)?(?:${BOOKING_NOUN}${kind === 'booked' ? `|${ROOM_SUBJECT}` : ''})\\s+(?:(?:${ADVERB})\\s+)?${participle}${E}` },
          // English with no subject: "Booked Room 3 for Sarah", "Cancelled your 2pm booking", "Moved the meeting to 4pm".
          { source: `^\\P{L}*(?:${kind === 'booked' ? 'booked|reserved|confirmed|secured' : kind === 'changed' ? 'moved|rescheduled' : 'cancell?ed'})\\s+(?:your|the|it|room|sarah|him|her|them|this|that|a|an)${E}` },
        ],
      ];
    }),
  ) as Record<'booked' | 'changed' | 'cancelled', NounPattern[]>;
}
const NOUN_WRITES = nounPatterns(false);
const NOUN_WRITES_MODIFIED = nounPatterns(true);
// A room said to be the reader's (since the `possession-words` patch): "Room 3 is all yours", "la sala 3
// es tuya", "Raum 3 gehört Ihnen", "la salle 3 est à vous", "la sala 3 è tua", "a sala 3 é sua", "zaal 3
// is van jou"; the room named, or "it", "the room", "der Raum", "la sala". A booking the reader has, not a
// fact of the documents: judged as one (held to the reads and to whose it is where the turn read
// bookings, to a receipt of the conversation where it read none).
const THE_ROOM = String.raw`${ROOM_SUBJECT}|it|the\s+room|der\s+raum|la\s+sala|la\s+salle|la\s+stanza|a\s+sala|de\s+zaal`;
const POSSESSION = [
  String.raw`(?:${THE_ROOM})(?:\s+is|['’]s)\s+(?:now\s+|all\s+|officially\s+)*yours`,
  String.raw`(?:${THE_ROOM})\s+(?:ya\s+)?es\s+(?:toda\s+)?(?:tuya|suya|vuestra)`,
  String.raw`(?:${THE_ROOM})\s+gehört\s+(?:jetzt\s+|nun\s+)?(?:[^,:;.!?]{0,60}\s)?(?:dir|ihnen|euch)`,
  String.raw`(?:${THE_ROOM})\s+est\s+(?:bien\s+|désormais\s+)?à\s+(?:vous|toi)`,
  String.raw`(?:${THE_ROOM})\s+è\s+(?:tutta\s+)?(?:tua|sua|vostra)`,
  String.raw`(?:${THE_ROOM})\s+(?:já\s+)?é\s+(?:toda\s+)?(?:sua|tua|de\s+você)`,
  String.raw`(?:${THE_ROOM})\s+is\s+(?:nu\s+)?van\s+(?:jou|u)`,
].map((p) => `${B}(?:${p})${E}(?!\\s+(?:to|para|zu|à|da|a|om)\\s)`);

// Waiting for an approval, in the languages answers come in.
export const WAITING = String.raw`(?<![\p{L}])(?:pending|awaiting|waiting|approval|approve[sd]?|en\s+cuanto|tan\s+pronto|apruebe|aprueben|freigibt|approuve|approvi|aprove|goedkeurt|freigabe|genehmigung|genehmigt|ausstehend|aprobación|aprobacion|aprobada|pendiente|espera|approbation|approuvée?|attente|approvazione|approvata|attesa|aprovação|aprovacao|aprovada|pendente|aguardando|goedkeuring|goedgekeurd|wacht)(?![\p{L}])`;
// The determiners that make a booking the reader's own ("your booking", "Ihre Buchung", "tu reserva").
const YOUR = String.raw`^(?:your|ihre?|deine?|eure|tu|su|vuestra|votre|ta|tua|sua|vostra|je|jouw|uw)(?![\p{L}])`;

// Where a sentence that says both free and booked parts into its claims: a contrast, an "and", a comma, a dash.
const JOINS = 'but|and|while|whereas|however|though|although|aber|und|doch|jedoch|während|sondern|pero|y|e|mientras|aunque|sino|mais|et|alors\\s+que|tandis\\s+que|cependant|mas|enquanto|ma|mentre|però|maar|en|terwijl';
export const PARTS = String.raw`\s*[,;]\s*(?:(?:${JOINS})(?![\p{L}])\s*)?|\s+[-–—]\s+|\s+(?:${JOINS})(?![\p{L}])\s*`;

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
function stateOf(part: string, more = false): 'available' | 'exists' | 'both' | 'unsaid' | null {
  const bare = part.replace(new RegExp(NOT_FREE_OF_ROOMS, 'giu'), ' ');
  const kinds = new Set<'available' | 'exists'>();
  const lists = more ? ([[`${FREE}|${FREE_MORE}`, 'available'], [`${BOOKED}|${BOOKED_MORE}`, 'exists']] as const) : ([[FREE, 'available'], [BOOKED, 'exists']] as const);
  for (const [words, kind] of lists) {
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
export const CLAUSE_BREAK = String.raw`[,:;]|\s[-–—]\s|\s(?:aber|dass|weil|denn|sondern|doch|maar|dat|omdat|want|but|because|pero|porque|mais|parce\s+que|ma|perché|mas)\s`;
// A clause that supposes or looks ahead claims no write done ("once I have booked it", "wenn ich … gebucht habe", "si he reservado").
export const SUPPOSED = String.raw`(?<![\p{L}])(?:if|once|when|whenever|as\s+soon\s+as|after|unless|would|could|should|wenn|falls|sobald|nachdem|sofern|würde|hätte|si|cuando|una\s+vez|habría|quand|lorsque|dès\s+que|une\s+fois|aurais|quando|assim\s+que|teria|appena|avrei|als|zodra|zou)(?![\p{L}])`;
// A plural subject or auxiliary: in an answer from documents, the organisation speaking ("we have reserved the first floor").
const PLURAL = String.raw`(?<![\p{L}])(?:we|wir|haben|nous|avons|hemos|abbiamo|wij|hebben|on|reservamos|agendamos|cancelamos|remarcamos)(?![\p{L}])`;
// A verb of another clause inside a verb-final match ("Ich habe nachgesehen und Raum 3 ist gebucht").
const OTHER_VERB = String.raw`(?<![\p{L}])(?:ist|sind|war|waren|wird|werden|is|zijn|was|werd)(?![\p{L}])`;
// A write said not to be made ("I have not booked", "ich habe nichts gebucht", "je n'ai pas réservé").
export const DENIED = String.raw`(?<![\p{L}])(?:not|never|nothing|nicht|nichts|kein|keine|no|nunca|nada|pas|jamais|rien|não|nao|non|niente|niet|geen|niets)(?![\p{L}])|n['’]t(?![\p{L}])`;

// A clock time's or a date's separator ("14:00", "14.00", "11.12."), which no clause ends at.
const CLOCK_MARK = () => /(?<=\d)[:.](?=\d)/g;
/** `sentence` with its clock times' separators masked (same length), so that "um 14:00 gebucht" stays one clause. */
export const clockMasked = (sentence: string) => sentence.replace(CLOCK_MARK(), '\u00b7');

/** A sentence's clauses (`CLAUSE_BREAK`), without those that ask or that `skip` matches (suppose, offer). */
const clausesOf = (sentence: string, skip: RegExp) => sentence.split(new RegExp(CLAUSE_BREAK, 'iu')).filter((c) => c && !/[?¿]/.test(c) && !skip.test(c));
/** Whether a negation stands in a match or within 12 characters of it in its clause: what it says is denied. */
const deniedAt = (clause: string, m: RegExpExecArray) => new RegExp(DENIED, 'iu').test(clause.slice(Math.max(0, m.index - 12), m.index + m[0].length + 12));
/** Whether a sentence supposes or waits for an approval anywhere: it says no write done with the booking as subject, and no room the reader's ("Ihre Buchung ist bestätigt, sobald die Freigabe erfolgt"). */
const supposesOrWaits = (sentence: string) => new RegExp(SUPPOSED, 'iu').test(sentence) || new RegExp(WAITING, 'iu').test(sentence);
/** A claim found by its words (`whose` only where the words say it). */
export const wordClaim = (text: string, kind: ClaimKind, whose: Claim['whose'] = null): Claim => ({ text, kind, receiptId: bookingIds().exec(text)?.[0] ?? null, whose, byWords: true });

/**
 * The write a sentence claims, if any; `denied` when it says one was not made ("ich habe Raum 3 nicht
 * gebucht"), which claims nothing. Judged clause by clause: "I've booked Room 3, let me know if you need
 * anything" claims it; "Once I have booked it, you'll get a receipt" and "I've booked it?" do not. With
 * `documents` (an answer from documents, where "we have reserved the first floor for quiet work" may be
 * the policy speaking), only a write in the first person singular, active.
 */
function writeOf(raw: string, documents: boolean, clockTimes = false): 'booked' | 'changed' | 'cancelled' | 'denied' | null {
  const clauses = clausesOf(clockTimes ? clockMasked(raw) : raw, new RegExp(SUPPOSED, 'iu'));
  for (const kind of WRITE_KINDS) {
    const sources = [...WRITE_VERBS[kind].map((source) => ({ source, active: true })), ...(documents ? [] : PASSIVE_VERBS[kind].map((source) => ({ source, active: false })))];
    for (const { source, active } of sources) {
      const pattern = new RegExp(source, 'iu');
      for (const clause of clauses) {
        const m = pattern.exec(clause);
        // An active write's auxiliary and participle in one clause; a passive one is its own auxiliary.
        if (!m || (active && new RegExp(OTHER_VERB, 'iu').test(m[0]))) continue;
        if (documents && new RegExp(PLURAL, 'iu').test(m[0])) continue;
        return deniedAt(clause, m) ? 'denied' : kind;
      }
    }
  }
  return null;
}

/**
 * The write a sentence claims with the booking as its subject or as a label ("your booking is
 * confirmed", "Reserva cancelada", "Booked Room 3 for Sarah"), if any (`NOUN_WRITES`); `denied` when it
 * says it was not ("your booking is not confirmed yet"). Clause by clause, as `writeOf`; a clause that
 * puts the write ahead or makes it a rule between subject and participle ("will be confirmed", "are
 * confirmed by email") claims none, and a room "confirmed free" is a read.
 */
function nounWriteOf(raw: string, patterns: Record<'booked' | 'changed' | 'cancelled', NounPattern[]>): { kind: 'booked' | 'changed' | 'cancelled'; status?: 'yours' | 'any' } | 'denied' | null {
  if (supposesOrWaits(raw)) return null;
  const clauses = clausesOf(clockMasked(raw), new RegExp(SUPPOSED, 'iu'));
  for (const kind of WRITE_KINDS) {
    for (const { source, status } of patterns[kind]) {
      const pattern = new RegExp(source, 'iu');
      for (const part of clauses) {
        const clause = part.trim();
        const m = pattern.exec(clause);
        if (!m) continue;
        const after = clause.slice(m.index + m[0].length);
        if (new RegExp(NOT_YET, 'iu').test(m[0]) || new RegExp(BY_SOMEONE, 'iu').test(after)) continue;
        if (new RegExp(String.raw`^\s*(?:as\s+)?(?:${FREE})(?![\p{L}])`, 'iu').test(after)) continue;
        if (deniedAt(clause, m)) return 'denied';
        return status ? { kind, status: new RegExp(YOUR, 'iu').test(m[0]) ? 'yours' : 'any' } : { kind };
      }
    }
  }
  return null;
}

/** Whether a sentence says a room is the reader's ("Room 3 is all yours", "la sala 3 es tuya"); `denied` when it says it is not. */
function possessionOf(raw: string): boolean | 'denied' {
  if (supposesOrWaits(raw)) return false;
  const clauses = clausesOf(clockMasked(raw), word(NOT_A_FACT_WORDS));
  for (const source of POSSESSION) {
    const pattern = new RegExp(source, 'iu');
    for (const clause of clauses) {
      const m = pattern.exec(clause);
      if (!m) continue;
      return deniedAt(clause, m) ? 'denied' : true;
    }
  }
  return false;
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
function claimsOfSentence(sentence: string, names: readonly string[], more = false): { text: string; state: 'available' | 'exists' | 'both' | 'unsaid' }[] {
  const pieces = sentence.split(new RegExp(`(${PARTS})`, 'iu'));
  const groups: { text: string; state: 'available' | 'exists' | 'both' | 'unsaid' | null; rooms: string[] }[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const part = pieces[i] ?? '';
    if (part.trim() === '') continue;
    const state = stateOf(part, more);
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

// Since the `trailing-offers` patch: a statement before a clause that asks or offers ("Room 3 is free at
// 2pm, shall I book it?", "La sala 3 está libre a las 14:00, ¿la reservo?"). Where the sentence may part:
// a comma, semicolon or colon before a space, a dash between spaces.
const LEAD_END = () => new RegExp(String.raw`\s*[,;:]\s+|\s+[-–—]\s+`, 'gu');
// A clause that opens as a question ("Is Room 3 free at 2pm, or …?", "Est-ce que …", "¿Está libre …"): no statement.
const ASKS_FIRST = new RegExp(
  String.raw`^\s*(?:[¿¡]|(?:is|are|isn['’]t|aren['’]t|do|does|did|can|could|would|will|shall|should|may|might|have|has|was|were|which|what|when|where|who|how|why|ist|sind|hat|haben|gibt|kann|können|welche[rsnm]?|wann|wo|wie|was|warum|wer|est-ce|quelle?s?|quand|où|comment|pourquoi|qui|qué|cuál|cuándo|dónde|cómo|quién|quale|quando|dove|come|perché|chi|qual|onde|quem|porque|por\s+que)(?![\p{L}]))`,
  'iu',
);

/**
 * Of a sentence that asks or offers, the statement before it, or null: the longest stretch before a part
 * (`LEAD_END`) that neither asks, nor offers, supposes or looks ahead (`NOT_A_FACT`), nor opens as a
 * question, where what follows asks ("?") or offers. "Room 3 is free at 2pm, shall I book it?": "Room 3 is
 * free at 2pm"; "If you like, Room 3 is free at 2pm?" and "Is Room 3 free at 2pm, or shall I check?": none.
 */
function statementBeforeAsking(sentence: string): string | null {
  const ends = [...sentence.matchAll(LEAD_END())].reverse();
  const notAFact = word(NOT_A_FACT_WORDS);
  for (const m of ends) {
    const lead = sentence.slice(0, m.index);
    const rest = sentence.slice(m.index + m[0].length);
    if (/[?¿]/.test(lead) || notAFact.test(lead) || ASKS_FIRST.test(lead)) continue;
    if (/[?]/.test(rest) || notAFact.test(rest.split(/\s+/).slice(0, 4).join(' '))) return lead;
  }
  return null;
}

/**
 * How much of an answer its words are read in (`claimsByWords`, `undoneEchoesRead`): far more than an answer needs,
 * little enough to read in about a second at most (20,000 characters of hostile text: 0.2–1.0 s on 2026-12-06;
 * docs/api.md), in the verifier's activity (domain/answer-words.ts), or on the workflow thread for turns recorded before.
 */
export const READ_CHARS = 20_000;

/**
 * What of an answer its words are read in: the answer up to the last sentence end within READ_CHARS. A
 * longer answer (a model's, possibly hostile) is read no further, so the time it costs stays bounded; the
 * verifier still reads it whole.
 */
export function readPart(text: string): string {
  if (text.length <= READ_CHARS) return text;
  const head = text.slice(0, READ_CHARS);
  return head.replace(/[^.!?\n]*$/, '') || head;
}

/**
 * The claims about bookings `text` makes by its words: writes said done (with `documents`, an answer
 * from documents, only in the first person singular), and (with `states`) rooms said free or booked,
 * each with the words that make it. `names` are the rooms the conversation has seen
 * ("Boardroom"). Claims the verifier may also list: the caller drops those it already has.
 */
export function claimsByWords(text: string, opts: StateOptions = {}): Claim[] {
  return markedClaims(text, opts).map((c) => c.claim);
}

/** `claimsByWords`, each claim marked `asked` where it is a statement before a clause that asks or offers (found only with `offers`). */
/** How `claimsByWords` reads: with `moreStates`, the state words of the `state-words` patch too (`FREE_MORE`, `BOOKED_MORE`). */
interface StateOptions {
  names?: readonly string[];
  states?: boolean;
  documents?: boolean;
  clockTimes?: boolean;
  offers?: boolean;
  moreStates?: boolean;
}
function markedClaims(text: string, opts: StateOptions): { claim: Claim; asked: boolean }[] {
  const names = opts.names ?? [];
  const cut = readPart(text);
  const out: { claim: Claim; asked: boolean }[] = [];
  const claim = (words: string, kind: ClaimKind, asked = false) => out.push({ claim: wordClaim(words, kind), asked });
  for (const sentence of sentencesOf(cut)) {
    const write = writeOf(sentence, opts.documents ?? false, opts.clockTimes ?? false);
    if (write === 'denied') continue;
    if (write) {
      claim(sentence, write);
      continue;
    }
    if (!opts.states) continue;
    const asks = sentence.includes('?') || sentence.includes('¿') || word(NOT_A_FACT_WORDS).test(sentence);
    const stated = asks ? (opts.offers ? statementBeforeAsking(sentence) : null) : sentence;
    if (stated === null) continue;
    const said = stateOf(stated, opts.moreStates);
    if (said === null || said === 'unsaid') continue;
    for (const { text: words, state } of claimsOfSentence(stated, names, opts.moreStates)) {
      if (state === 'both' || state === 'unsaid' || !anchored(words, names)) continue;
      // A state said only in the more words is a room's where its words name one ("Room 3 is busy at 2pm"), not a
      // person's ("Sarah is busy at 2pm", "I am busy then").
      if (opts.moreStates && stateOf(words) === null && roomsNamed(words, names).length === 0) continue;
      claim(words, state, asks);
    }
  }
  return out;
}

/** The claims of `found` the verifier did not already list: none of `listed` of the same kind in the same words (`sameWords`). */
export function notListed(found: Claim[], listed: readonly Claim[]): Claim[] {
  // Each text made plain once (a long answer's lists run to hundreds of claims each way).
  const plain = listed.map((c) => ({ kind: c.kind, words: plainWords(c.text) }));
  return found.filter((w) => {
    const words = plainWords(w.text);
    return !plain.some((c) => c.kind === w.kind && holds(c.words, words));
  });
}

/** Whether two claims' words are the same words, one holding the other (case, spacing and end punctuation aside): the verifier already listed it. */
export function sameWords(a: string, b: string): boolean {
  return holds(plainWords(a), plainWords(b));
}
const plainWords = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').replace(/^[\s"“'«]+|[\s.!…"”'»]+$/g, '');
const holds = (x: string, y: string) => x !== '' && y !== '' && (x.includes(y) || y.includes(x));

/**
 * The writes `text` says done with the booking as subject or label, in the sentences `claimsByWords`
 * finds no write in (since the `write-nouns` patch): "your booking for Room 3 is confirmed", "Reserva
 * cancelada", "Buchung storniert", "Booked Room 3 for Sarah". Not for an answer from documents, whose
 * "bookings are confirmed by email" is a rule. Where the turn read bookings (`read`: a check or a
 * listing), a booking said confirmed with its determiner may be one the read found ("your Friday
 * booking is confirmed"), so there it is a claim that the booking is there (the reader's own, said with
 * "your"), held to the reads and, like the verifier's, to whose it is; a label ("Booking confirmed") is
 * a write wherever it stands.
 */
export function writesByNouns(text: string, opts: { read?: boolean; possession?: boolean; modifiers?: boolean } = {}): Claim[] {
  const { plain, modified } = nounWrites(text, opts.read);
  const { nouns, theirs } = opts.modifiers ? modified : plain;
  return opts.possession ? theirs : nouns;
}

/**
 * One pass over the sentences for `writesByNouns`: the writes said with the booking as subject or label
 * (`nouns`), and the same with a room said to be the reader's taking their place where a sentence says so
 * (`theirs`, since the `possession-words` patch: a booking of theirs, as a status where the turn read
 * bookings; a receipt of a colleague's booking does not back "Room 3 is yours"); both as the patterns
 * read them before (`plain`) and since the `noun-modifiers` patch (`modified`: words that say which
 * booking around it). Each sentence's first-person write and possession are read once for both.
 */
function nounWrites(text: string, read: boolean | undefined): Record<'plain' | 'modified', { nouns: Claim[]; theirs: Claim[] }> {
  const plain = { nouns: [] as Claim[], theirs: [] as Claim[] };
  const modified = { nouns: [] as Claim[], theirs: [] as Claim[] };
  const nounClaim = (sentence: string, patterns: Record<'booked' | 'changed' | 'cancelled', NounPattern[]>): Claim | null => {
    const write = nounWriteOf(sentence, patterns);
    if (write === null || write === 'denied') return null;
    const status = write.status && read;
    return wordClaim(sentence, status ? 'exists' : write.kind, status && write.status === 'yours' ? 'asker' : null);
  };
  for (const sentence of sentencesOf(readPart(text))) {
    if (writeOf(sentence, false, true) !== null) continue;
    const own = possessionOf(sentence);
    const mine = own === true ? wordClaim(sentence, read ? 'exists' : 'booked', 'asker') : null;
    for (const [into, patterns] of [[plain, NOUN_WRITES], [modified, NOUN_WRITES_MODIFIED]] as const) {
      const noun = nounClaim(sentence, patterns);
      if (noun) into.nouns.push(noun);
      const theirs = own === 'denied' ? null : (mine ?? noun);
      if (theirs) into.theirs.push(theirs);
    }
  }
  return { plain, modified };
}

/** What a text's words claim under each patch that changed how they are read, computed in one go (the turn picks the one its history has). */
export interface ClaimsByPatch {
  /** Under `claims-by-words` alone. */
  before: Claim[];
  /** Since `write-nouns`: a clock time's colon no clause end, and the writes said with the booking as subject or label. */
  writeNouns: Claim[];
  /** Since `possession-words`: those, and a room said to be the reader's. */
  possession: Claim[];
  /** Since `other-scripts`: those, and the writes said done in Chinese, Japanese, Korean or Russian (`scriptWrites`). */
  scripts: Claim[];
  /** Since `script-states`: those, and (with `states`) the rooms said free or booked in those languages (`scriptStates`). */
  scriptStates: Claim[];
  /** Since `noun-modifiers`: those, with words that say which booking around it ("your Room 3 booking is confirmed", "your booking tomorrow at 2pm is confirmed"). */
  modifiers: Claim[];
  /** Since `trailing-offers`: those, and (with `states`) a room said free or booked before a clause that asks or offers ("Room 3 is free at 2pm, shall I book it?"). */
  offers: Claim[];
  /** Since `script-offers`: those, and the same in Chinese, Japanese, Korean or Russian ("3号会议室下午2点有空，要我帮您预订吗？"). */
  scriptOffers: Claim[];
  /** Since `state-words` (read where asked, `moreStates`): those, and a room's state said in more words ("busy", "unavailable", "empty", "ausgebucht", "indisponible": `FREE_MORE`, `BOOKED_MORE`). */
  stateWords?: Claim[];
}

/**
 * The claims `text` makes by its words under each patch (`ClaimsByPatch`); in an answer from documents
 * (`documents`) no write said with the booking as subject ("bookings are confirmed by email" is a rule).
 * `read`: the turn read bookings (a check or a listing), so "your booking … is confirmed" may be a status.
 */
export function claimsByPatch(text: string, opts: { names?: readonly string[]; states?: boolean; documents?: boolean; read?: boolean; moreStates?: boolean } = {}): ClaimsByPatch {
  const { read, moreStates, ...words } = opts;
  const before = claimsByWords(text, words);
  // Only a sentence that asks, offers, supposes or looks ahead can give more ("…, let me know if you want
  // it"; in the other scripts, one ending in a question mark), and only where rooms' states are read.
  const asks = opts.states && (/[?¿？]/.test(text) || word(NOT_A_FACT_WORDS).test(text));
  // With no clock time in it, reading clock times as no clause end changes nothing. One pass reads them
  // and (since `trailing-offers`) the statements before a question, marked `asked`.
  const markedOpts = { ...words, clockTimes: true, offers: asks };
  const marked = CLOCK_MARK().test(text) || asks ? markedClaims(text, markedOpts) : null;
  const clocked = marked ? marked.filter((c) => !c.asked).map((c) => c.claim) : before;
  const offered = marked ? marked.map((c) => c.claim) : clocked;
  const none = { nouns: [], theirs: [] };
  const { plain, modified } = opts.documents ? { plain: none, modified: none } : nounWrites(text, read);
  const { nouns, theirs } = plain;
  const possession = [...clocked, ...theirs];
  // One pass over the sentences in those scripts: the states said before a question come marked `asked` (since `script-offers`).
  const inScripts = scriptClaims(readPart(text), { documents: opts.documents, states: opts.states, offers: opts.states });
  const writesInScripts = otherScripts(inScripts.writes, possession, read ?? false);
  const scripts = [...possession, ...writesInScripts];
  const statesSaid = opts.states ? statesInScripts(inScripts.states, scripts, opts.names ?? []) : [];
  const statesInThem = statesSaid.filter((st) => !st.asked).map((st) => st.claim);
  const after = [...modified.theirs, ...writesInScripts, ...statesInThem];
  const statesOffered = statesSaid.map((st) => st.claim);
  // What every reading since `script-offers` finds beside the sentences' own statements.
  const beside = [...modified.theirs, ...writesInScripts, ...statesOffered];
  const scriptOffers = [...offered, ...beside];
  // Read again with the state words of `state-words` only where the text has one of them: else the same claims.
  const moreSaid = moreStates && opts.states && word(`${FREE_MORE}|${BOOKED_MORE}`).test(text);
  const offeredMore = !moreSaid ? null : marked ? markedClaims(text, { ...markedOpts, moreStates: true }).map((c) => c.claim) : claimsByWords(text, { ...words, moreStates: true });
  return {
    before,
    writeNouns: [...clocked, ...nouns],
    possession,
    scripts,
    scriptStates: [...scripts, ...statesInThem],
    modifiers: [...clocked, ...after],
    offers: [...offered, ...after],
    scriptOffers,
    ...(moreStates ? { stateWords: offeredMore ? [...offeredMore, ...beside] : scriptOffers } : {}),
  };
}

/**
 * Of the rooms said free or booked in Chinese, Japanese, Korean or Russian (`scriptClaims`), those `found`
 * does not already hold, where the words name a room, a day or a clock time as the judge reads them
 * (`inLatinTerms`: "3号会议室", "明天", "下午3点"), so there is something to hold them to.
 */
function statesInScripts(states: readonly ScriptState[], found: readonly Claim[], names: readonly string[]): { claim: Claim; asked: boolean }[] {
  return states
    .filter((st) => !found.some((c) => sameWords(c.text, st.text)) && anchored(inLatinTerms(st.text), names))
    .map((st) => ({ claim: wordClaim(st.text, st.kind), asked: st.asked ?? false }));
}

/**
 * Of the writes said done in Chinese, Japanese, Korean or Russian (`scriptClaims`), those `found` does not
 * already hold: each a write claim, or, where the turn read bookings, a booking said confirmed the
 * status of one the read found ("您的预订已确认"), held to the reads and to whose it is (as `nounWrites`).
 */
function otherScripts(writes: readonly ScriptWrite[], found: readonly Claim[], read: boolean): Claim[] {
  return writes
    .filter((w) => !found.some((c) => sameWords(c.text, w.text)))
    .map((w) => (w.status && read ? wordClaim(w.text, 'exists', w.status === 'yours' ? 'asker' : null) : wordClaim(w.text, w.kind)));
}

/**
 * `text` with "no." before a figure after a word ("Room no. 3", "Room No. 3") written "№", which the words read as the
 * number sign it is, where they read its "no" as a negation: "I booked Room no. 3 for Sarah" was no write claim, and
 * "Room no. 3 is free" said it booked. Not at a sentence's start ("No. 3pm is taken."), where it may answer no.
 */
export function numberMarksRead(text: string): string {
  return text.replace(new RegExp(String.raw`(?<=\p{L}[ \t]+)no\.(?=[ \t]*\p{N})`, 'giu'), '№');
}

/** Every claim `text` makes by its words as turns judge them: with `latest`, under every patch (since `script-offers`); without, as under `write-nouns`. */
export function allClaimsByWords(text: string, opts: { names?: readonly string[]; states?: boolean; documents?: boolean; read?: boolean; latest?: boolean } = {}): Claim[] {
  const { latest, ...rest } = opts;
  const byPatch = claimsByPatch(text, rest);
  return latest ? byPatch.scriptOffers : byPatch.writeNouns;
}

/** Whether two lists hold the same claims (kind and words), in order. */
export const sameClaims = (a: readonly Claim[], b: readonly Claim[]) => a.length === b.length && a.every((c, i) => c.kind === b[i]!.kind && c.text === b[i]!.text);
