/**
 * What the booking reads of a turn found, room by room and time by time, and what a claim about rooms
 * and times says, so that a claim is judged by what was read, not only by a read having run: "Room 3
 * is free at 2pm" after a check that found Room 3 booked 14:00–15:00 is false, whatever the language
 * around it; "I booked Room 2 at 4pm" does not rest on a receipt of Room 3 at 14:00.
 * Pure (Intl only): the workflow judges with it, the activities record the reads with it.
 */
import { hasScriptWeekWords, IN_DAYS, IN_WEEKS, inLatinTerms } from './calendar-words.js';
import { calendarDay, clockMinutes, formatRange, hhmm, isTimeZone, MONTHS_EN, pad2, WEEKDAY_INDEX, WEEKDAYS_EN, type CalendarDay } from './time.js';

/** A stretch of one room's time as a booking read found it. */
export interface RoomTime {
  roomId: string;
  roomName: string;
  start: string;
  end: string;
  /** `free`: a check found no booking in it, or the system offered it as a free slot; `booked`: a booking occupies it. */
  state: 'free' | 'booked';
  /** The booking occupying it (`booked`). */
  bookingId?: string;
  /** Whom the booking occupying it is for (`booked`), as the store has it: "Alice has Room 3 at 2pm" relays it (untried-writes). */
  bookedFor?: string;
  /**
   * The title of the booking occupying it (`booked`), where it has one: the model saw it in the tool's result, so "booked
   * for Planning" names no one (holders-named reads a name after "for" as a holder only where no title read has it).
   */
  title?: string;
  /** A free slot the system offered instead of what was asked: not the time or room the read was about. */
  offered?: true;
  /**
   * Read in a range of more than a day (a check or listing of a week): its clock time falls on days a
   * claim's time alone cannot tell apart, so it is held only against a claim that names its day.
   */
  wide?: true;
  /**
   * What the turn's own writes left, read from their receipts (the `writes-read` patch): a booking made or
   * moved, booked; a cancelled one, or the stretch a move left, free. A claim said of before them
   * (`saidBefore`: "Room 3 was free at 4pm") is not held to what they changed: the write found it so.
   */
  written?: true;
}

/** What one agent's booking reads found: stretches of rooms' time, and the names of the workspace's rooms a check saw (so a claim naming one no read looked at is found). */
export interface CalendarRead {
  times: RoomTime[];
  rooms: string[];
}

/** The reads of several tools or agents as one. */
export function mergeReads(reads: (CalendarRead | undefined)[]): CalendarRead {
  const present = reads.filter((r): r is CalendarRead => r !== undefined);
  return { times: present.flatMap((r) => r.times), rooms: [...new Set(present.flatMap((r) => r.rooms))] };
}

/** What the turn's booking reads found, for judging claims of free rooms and existing bookings. */
export interface CalendarReads {
  times: RoomTime[];
  timezone: string;
  /** Bookings this turn changed or cancelled: what was read of them no longer holds. */
  changed: string[];
  /** A listing of bookings ran in this turn: a room may have been read free by absence. */
  listed: boolean;
  /** The turn committed a write: what a check found free may be booked now. */
  wrote: boolean;
  /** When the claims are judged: the day "today" and "tomorrow" in a claim are counted from (absent: such words are not read). */
  now?: string;
}

/** A write's receipt as a claim about it may name it: the room and times it left, and, for a change, those before it. */
export interface ReceiptDetail {
  roomName: string;
  start: string;
  end: string;
  previous?: { roomName: string; start: string; end: string } | null;
}

// ---------------------------------------------------------------- rooms a text names

// Words for a room, in the languages answers come in, before its number or letter ("Raum 3", "sala 3").
const ROOM_WORDS = 'rooms?|raum|räume|sala|salas|salle|salles|zaal|kamer|rum|rummet|sali|salę|stanza|quarto|sal';
const genericRoom = () => new RegExp(`(?<![\\p{L}\\p{N}])(?:${ROOM_WORDS})\\s+(\\d{1,3}|[a-z])(?![\\p{L}\\p{N}])`, 'giu');

/** One key per room however it is written: "Room 3", "room  3", "Raum 3" are "room 3"; "Boardroom" is "boardroom". */
export function roomKey(name: string): string {
  const n = name.trim().toLowerCase().replace(/\s+/g, ' ');
  const m = new RegExp(`^(?:${ROOM_WORDS}) (\\d{1,3}|[a-z])$`, 'iu').exec(n);
  return m ? `room ${m[1]}` : n;
}

// A room's letter is a capital ("Room B"); "a room a bit bigger" names none.
const isRoomToken = (token: string) => /^\d/.test(token) || token === token.toUpperCase();

/** `s` as a regular expression matching it literally. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A room's name as written in a text: whole, any run of spaces standing for its spaces, no letter or digit beside it. */
export const namePattern = (name: string, flags: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name.trim()).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}])`, flags);

/** Each place `text` names a room: by a name in `names` (as written), name by name, then as a room word and its number ("Raum 3"); its key and where it stands. */
function roomMatches(text: string, names: readonly string[]): { key: string; at: number; end: number }[] {
  const out: { key: string; at: number; end: number }[] = [];
  for (const name of new Set(names)) {
    if (name.trim() === '') continue;
    for (const m of text.matchAll(namePattern(name, 'giu'))) out.push({ key: roomKey(name), at: m.index!, end: m.index! + m[0].length });
  }
  for (const m of text.matchAll(genericRoom())) if (isRoomToken(m[1]!)) out.push({ key: `room ${m[1]!.toLowerCase()}`, at: m.index!, end: m.index! + m[0].length });
  return out;
}

/** The rooms `text` names: by a name in `names` (as written), or as a room word and its number ("Raum 3"); as keys. */
export function roomsNamed(text: string, names: readonly string[]): string[] {
  return [...new Set(roomMatches(text, names).map((m) => m.key))];
}

/** Where `text` names rooms (as `roomsNamed` reads them), in the order written. */
const roomMentions = (text: string, names: readonly string[]) => roomMatches(text, names).sort((a, b) => a.at - b.at);

// A word of a person or team a room is written for ("Sarah", "the sales team"), not one that sets the next room apart ("instead of", "rather than", "over").
const PERSON_WORD = String.raw`(?!(?:instead|rather|not|but|or|because|since|than|next|like|of|to|from|with|near|beside|over|versus|vs|in|at|on|and|statt|anstatt|nicht|aber|oder|weil|en\s+lugar|en\s+vez|no|pero|o|porque|au\s+lieu|pas|mais|ou|parce|invece|non|ma|perché|em\s+vez|não|mas|in\s+plaats|niet|maar|omdat)(?![\p{L}]))[^\s,;:.!?()]+`;
// Since the `rooms-unbacked` patch: what joins a room to the one before it as one more thing of the same write ("Room 3
// for Sarah and Room 2", "Room 3, Room 2", "Raum 3 und Raum 2", "la sala 3 y la sala 2", "3号会议室和2号会议室"): the one
// before's person ("for Sarah", up to three words), a comma or "and" in the answers' languages, an article. Not "but",
// "or", "not", "instead of", "next to", "because": a room said so is no write of it.
const ROOM_JOIN = new RegExp(
  String.raw`^(?:\s+(?:for|für|para|pour|per|voor|для)\s+${PERSON_WORD}(?:\s+${PERSON_WORD}){0,2}?)?(?:\s*,\s*|\s+|\s*(?=[和与及跟と및、]))(?:(?:and|plus|as\s+well\s+as|&|und|sowie|y|e|et|en|и|和|与|及|跟|と|및|、)\s*)?(?:(?:the|die|den|der|das|la|le|il|lo|a|o|de|het|l['’])\s*)?$`,
  'iu',
);
// What makes a room the subject of a clause of its own after it ("and Room 2 is still free", "und Raum 2 ist belegt").
const CLAUSE_AFTER_ROOM = new RegExp(
  String.raw`^\s*(?:is|was|are|were|isn['’]t|wasn['’]t|remains|stays|has|had|looks|seems|ist|war|sind|waren|bleibt|hat|está|estaba|es|era|sigue|queda|est|était|reste|a\s+été|è|resta|ha|é|fica|estava|tem|blijft|heeft|свобод\p{L}*|занят\p{L}*)(?![\p{L}])`,
  'iu',
);

// Words just before a room that set it apart from what a claim says is booked ("instead of Room 2", "not Room 2", "since
// Room 2 is smaller", "next to Room 2", "statt Raum 2", "en lugar de la sala 2", "au lieu de la salle 2"), for `roomsUnbacked`.
const APART_BEFORE_ROOM = new RegExp(
  String.raw`(?<![\p{L}])(?:instead\s+of|rather\s+than|other\s+than|not|than|next\s+to|near|beside|since|because|unlike|except|but|or|statt|anstatt|nicht|neben|weil|aber|oder|außer|en\s+lugar\s+de|en\s+vez\s+de|no|junto\s+a|porque|pero|o|excepto|au\s+lieu\s+de|pas|à\s+côté\s+de|parce\s+que|mais|ou|sauf|invece\s+di|non|accanto\s+a|perché|ma|tranne|em\s+vez\s+de|não|ao\s+lado\s+de|mas|exceto|in\s+plaats\s+van|niet|naast|omdat|maar|behalve)\s+(?:(?:the|die|der|den|dem|das|la|le|il|lo|a|o|de|het|l['’])\s*)?$`,
  'iu',
);

/** The rooms `text` names but those set apart (`APART_BEFORE_ROOM`): those a claim of a booking says are booked. */
function roomsNotApart(text: string, names: readonly string[]): string[] {
  return [...new Set(roomMentions(text, names).filter((m) => !APART_BEFORE_ROOM.test(text.slice(Math.max(0, m.at - 40), m.at))).map((m) => m.key))];
}

/** A room `text` names joined to one in `written` as one more thing of the same write (`ROOM_JOIN`), that is not in `written` itself; or null. */
function roomJoined(text: string, names: readonly string[], written: ReadonlySet<string>): string | null {
  const mentions = roomMentions(text, names);
  for (let i = 1; i < mentions.length; i++) {
    const u = mentions[i]!;
    if (written.has(u.key)) continue;
    // The room before it: written, or itself joined to a written one ("Room 3, Room 2 and Room 1").
    const b = mentions[i - 1]!;
    if (!ROOM_JOIN.test(text.slice(b.end, u.at)) || CLAUSE_AFTER_ROOM.test(text.slice(u.end))) continue;
    if (written.has(b.key) || roomJoined(text.slice(0, b.end), names, written) === b.key) return u.key;
  }
  return null;
}

// ---------------------------------------------------------------- times a text states

/** A stretch of clock time, in minutes after midnight: [from, to). */
export interface ClockSpan {
  from: number;
  to: number;
}

const MERIDIEM = String.raw`(a\.?\s?m\.?|p\.?\s?m\.?)(?![\p{L}])`;
// A clock time with something that makes it one: "14:30", "2pm", "2:30 p.m.", "14 Uhr", "14h30", "14 h".
// "14h" and "14h30" are read from 7 to 23 only, since "a 2h meeting" is a length of time.
const clock = () => new RegExp(String.raw`(?<![\p{N}:.,])(\d{1,2})(?::(\d{2})(?!\d)\s*(?:${MERIDIEM}|uhr(?![\p{L}]))?|\s*${MERIDIEM}|\s*uhr(?![\p{L}])|\s?h(\d{2})?(?![\p{L}\p{N}]))`, 'giu');
// Words before a time that make it where a stretch ends ("until 2pm": free up to 14:00, not at it).
const UNTIL = new RegExp(String.raw`(?<![\p{L}])(?:until|till|til|up to|before|bis|hasta(?: las?)?|antes de las?|jusqu['’]à|avant|fino alle|até(?: às)?|tot)\s*$`, 'iu');
// What joins a range's ends: "2-3pm", "14:00 – 15:00", "2 to 3pm", "14 bis 15 Uhr", "de 14 à 15h".
const RANGE_JOIN = String.raw`\s*(?:-|–|—|to|bis|a las|a|à|au|hasta|al|alle|às|and|und|et|y)\s*`;
// An hour after the words that make it one in Spanish, Italian and Portuguese ("a las 14", "dalle 14 alle 15", "das 14 às 15"): read as "14:00".
const PREPOSED_HOUR = () => new RegExp(String.raw`(?<![\p{L}])(a las|a la|de las|desde las|hasta las|entre las|alle|dalle|fino alle|às|das(?=\s+\d{1,2}\s+às)|até às|ore)\s+(\d{1,2})(?![\p{N}:]|[.,]\d|\s*(?:uhr|h|a\.?\s?m|p\.?\s?m)(?![\p{L}]))`, 'giu');
// Clock times in forms read since the `clock-forms` patch (`clockSpans`' `forms`), rewritten as those read before:
// - noon: "at noon", "from noon to 2pm", "al mediodía", "à midi" (not "après-midi"), "a mezzogiorno", "ao meio-dia": 12:00;
// - an hour with the part of the day after it: "2 in the afternoon", "de 2 a 4 de la tarde", "um 2 Uhr nachmittags", "alle 2
//   del pomeriggio", "às 2 da tarde", "om 2 uur 's middags", "9 in the morning": pm or am (an hour of 1 to 12 only: "14:00
//   de la tarde" stays 14:00). Before, "de 2 a 4 de la tarde" and "um 2 Uhr nachmittags" read as 02:00;
// - "from 2 till 4pm" as the range it is (before, the minute before 16:00, as "till 4pm" alone);
// - "o'clock": "at 4 o'clock", "2 o'clock pm"; with no am or pm, 1 to 7 in the afternoon and 8 to 12 as said, as an
//   office day has them ("at 7 o'clock" is 19:00);
// - a time with a dot before its unit: "um 14.30 Uhr", "om 14.00 uur", "à 14.30 h" (a dot alone may be a date or a figure);
// - an hour before "heures", "uur", "horas": "à 16 heures", "om 16 uur", "a las 16 horas", "de 14 à 16 heures", "van 14 tot
//   16 uur", from 7 to 24, or after "à", "om", "a las", "às", "vers", "tegen" (whatever the hour): "pendant 2 heures", "une
//   réunion de 2 heures", "durante 2 horas" are lengths;
// - a whole part of the day, as the stretch an office day gives it (`DAY_PARTS`): "all afternoon", "the whole afternoon",
//   "den ganzen Nachmittag", "toda la tarde", "tout l'après-midi", "tutto il pomeriggio", "a tarde toda", "de hele middag"
//   13:00–17:00; the morning 09:00–12:00, the evening 18:00–21:00, "all day", "the whole day", "den ganzen Tag", "todo el
//   día", "toute la journée", "tutto il giorno", "o dia todo", "de hele dag" 09:00–17:00. Narrow, so that a room read free
//   from 12:00 to 18:00 is "free all afternoon", and wide enough that a booking of one hour is not "all afternoon";
// - an hour in words, where what is around it makes it one: before "o'clock", am or pm, "Uhr" or the part of the day
//   ("at four o'clock", "four pm", "from two to four pm", "cuatro de la tarde"), before "heures", "uur", "horas" after
//   "à", "om", "a las" ("à quatre heures"), after the words that make an hour in Spanish, Italian and Portuguese ("a las
//   cuatro", "alle quattro", "às quatro"); and "half past three", "quarter past three", "quarter to four" (with no am or
//   pm, as "o'clock" reads them). Then read as the figures are.
const WHOLE = String.raw`(?:all|the\s+whole|the\s+entire|the\s+full)\s+|(?:den|die|das)\s+ganzen?\s+|(?:tod[oa]|tout|toute|tutt[oa])\s+(?:(?:el|la|l['’]|il|lo|a|o)\s*)?|de\s+hele\s+`;
const DAY_PARTS: [string, string][] = [
  [String.raw`afternoon|nachmittag|tarde|après-midi|aprèm|pomeriggio|middag|namiddag`, '13:00–17:00'],
  [String.raw`morning|vormittag|mañana|matinée|matin|mattinata|mattina|manhã|ochtend|voormiddag`, '09:00–12:00'],
  [String.raw`evening|abend|soirée|serata|sera|avond`, '18:00–21:00'],
  [String.raw`day|tag|día|journée|jour|giornata|giorno|dia|dag`, '09:00–17:00'],
];
// Portuguese and Spanish say it after too: "a tarde toda", "o dia todo", "la tarde entera".
const PART_AFTER = String.raw`(?:a|o|la|el)\s+`;
const PM_WORDS = String.raw`in\s+the\s+(?:afternoon|evening)|at\s+night|this\s+(?:afternoon|evening)|tonight|de\s+la\s+(?:tarde|noche)|por\s+la\s+tarde|de\s+l['’]après-midi|du\s+soir|de\s+l['’]aprèm|del\s+pomeriggio|di\s+pomeriggio|di\s+sera|della\s+sera|da\s+(?:tarde|noite)|à\s+tarde|nachmittags|abends|am\s+(?:nachmittag|abend)|['’]s\s+(?:middags|avonds)|in\s+de\s+(?:middag|avond)`;
const AM_WORDS = String.raw`in\s+the\s+morning|this\s+morning|de\s+la\s+mañana|por\s+la\s+mañana|du\s+matin|di\s+mattina|del\s+mattino|della\s+mattina|da\s+manhã|morgens|vormittags|am\s+(?:morgen|vormittag)|['’]s\s+(?:ochtends|morgens)|in\s+de\s+ochtend`;
// Hours in words, 1 to 12, in the languages answers come in.
const HOUR_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  eins: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, elf: 11, zwölf: 12,
  una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11, doce: 12,
  une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, neuf: 9, dix: 10, onze: 11, douze: 12,
  due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10, undici: 11, dodici: 12,
  uma: 1, duas: 2, três: 3, quatro: 4, sete: 7, oito: 8, dez: 10, doze: 12,
  een: 1, twee: 2, vijf: 5, zes: 6, zeven: 7, negen: 9, tien: 10, twaalf: 12,
};
const hourWord = (w: string): number | undefined => HOUR_WORDS[w.toLowerCase()];
const HOUR_WORD = Object.keys(HOUR_WORDS).sort((a, b) => b.length - a.length).join('|');
// Words that are something else too where a marker of an hour may follow ("once in the afternoon", "sei in", "een uur"): only after the words that make an hour.
const MARKED_HOUR_WORD = HOUR_WORD.split('|').filter((w) => !['once', 'sei', 'een', 'eins'].includes(w)).join('|');
// What makes a word an hour after it; "heures", "uur", "horas" only after "à", "om", "a las" … ("pendant deux heures" is a length).
const HOUR_MARK = String.raw`o['’]?\s?clock|${MERIDIEM}|uhr|${PM_WORDS}|${AM_WORDS}`;
// The words before an hour that make it a point in time whatever the hour ("à 2 heures", "om 2 uur"), then those that may
// too ("jusqu'à", "tot"), then those that start a stretch or a length ("de", "van": "une réunion de 2 heures").
const AT_A_POINT = String.raw`à|om|a\s+las|às|vers|tegen`;
const AT_THE_HOUR = String.raw`${AT_A_POINT}|jusqu['’]à|tot|hasta\s+las|até\s+às`;
const FROM_THE_HOUR = String.raw`${AT_THE_HOUR}|de|van|das|desde\s+las`;
// Built once: each is used only by `replace`, which starts it from the text's beginning every time.
const FORMS = {
  wordRange: new RegExp(String.raw`(?<![\p{L}])(from|between|von|van|de|desde|das|dalle)\s+(?:las\s+)?(${HOUR_WORD})(\s+(?:to|and|till|until|bis|tot|a|à|às|alle|a\s+las)\s+|\s*[-–]\s*)(${HOUR_WORD})(?=\s*(?:${HOUR_MARK}|(?:heures?|uur|horas?)(?![\p{L}])))`, 'giu'),
  wordAtTheHour: new RegExp(String.raw`(?<![\p{L}])((?:${AT_THE_HOUR})\s+)(${HOUR_WORD})(?=\s+(?:heures?|uur|horas?)(?![\p{L}]))`, 'giu'),
  wordMarked: new RegExp(String.raw`(?<![\p{L}])(${MARKED_HOUR_WORD})(?=\s*(?:${HOUR_MARK})(?![\p{L}]))`, 'giu'),
  wordPreposed: new RegExp(String.raw`(?<![\p{L}])(a\s+las|a\s+la|de\s+las|desde\s+las|hasta\s+las|entre\s+las|alle|dalle|fino\s+alle|às|até\s+às|das(?=\s+\p{L}+\s+às))\s+(${HOUR_WORD})(?![\p{L}])`, 'giu'),
  pastOrTo: new RegExp(String.raw`(?<![\p{L}])(half\s+past|quarter\s+past|quarter\s+to)\s+(${HOUR_WORD}|\d{1,2})(?![\p{L}\p{N}:])(?=(\s*(?:${MERIDIEM}|${PM_WORDS}|${AM_WORDS}))?)`, 'giu'),
  noon: new RegExp(String.raw`(?<![\p{L}\p{N}-])(?:(?:12\s+)?noon|midday|mediod[ií]a|midi|mezzogiorno|meio-dia)(?![\p{L}-])`, 'giu'),
  partOfDay: new RegExp(String.raw`(?<![\p{N}:.,])(\d{1,2})(?::(\d{2}))?\s*(?:o['’]?\s?clock\s+|uur\s+|uhr\s+|h\s+)?(?:(${PM_WORDS})|(${AM_WORDS}))(?![\p{L}])`, 'giu'),
  oclock: new RegExp(String.raw`(?<![\p{N}:.,])(\d{1,2})\s*o['’]?\s?clock(?![\p{L}])(\s*${MERIDIEM})?`, 'giu'),
  dotted: new RegExp(String.raw`(?<![\p{N}:.,])(\d{1,2})\.(\d{2})(?=\s*(?:uhr|uur|h)(?![\p{L}]))`, 'giu'),
  tillRange: new RegExp(String.raw`(?<![\p{L}])(from\s+\d{1,2}(?::\d{2})?(?:\s*${MERIDIEM})?)\s+(?:till|until|til)\s+(?=\d)`, 'giu'),
  unitRange: new RegExp(String.raw`(?<![\p{L}])(de|van|von|from|das|desde\s+las|de\s+las)\s+(\d{1,2})\s+(à|a|tot|bis|to|às|a\s+las|hasta\s+las)\s+(\d{1,2})\s+(?:heures?|uur|horas?)(?![\p{L}])`, 'giu'),
  dayPart: new RegExp(DAY_PARTS.map(([words], i) => String.raw`(?<![\p{L}])(?:(?:${WHOLE})(?<p${i}>${words})|${PART_AFTER}(?<q${i}>${words})\s+(?:tod[oa]|enter[oa]))(?![\p{L}])`).join('|'), 'giu'),
  unitHour: new RegExp(String.raw`(?<![\p{L}])((?:${FROM_THE_HOUR})\s+)(\d{1,2})\s+(?:heures?|uur|horas?)(?![\p{L}])`, 'giu'),
};
const POINT = new RegExp(String.raw`^(?:${AT_A_POINT})\s+$`, 'iu');
// Hours with no mark at all, read since the `unmarked-hours` patch (`clockSpans`' `forms: 'unmarked'`), where the words before
// them make them a time and what follows leaves them one:
// - in English, after "at", "until", "till", or as a range after "from", "between", "at" ("at 4", "at four", "until 5",
//   "from 2 to 4", "between two and four", "at 2-3"); only where the clause ends after it, or goes on with a word that leaves
//   it a time ("at 4 on Friday", "at 4 for Sarah", "at 4 today"): "at 4 desks", "between 2 and 4 people" are counts;
// - an hour after a marked one and a join ("from 2pm to 4", "9am-11"): the end of its range;
// - in German and Dutch, after "um", "om" ("um 4", "um 16 gebucht", "om vier", "um halb drei", "om half drie": half an hour
//   before the hour named), not before a unit, a count, a month or a noun ("um 2 Stunden verschoben", "um 4 Personen");
// each rewritten as the hour on the clock ("at 4:00"). Then every hour of 1 to 7 with no am, pm or "Uhr" (these, "2:30",
// "a las 4", "de 2 a 4") is read in the afternoon, as an office day has them and "o'clock" is read (`afternoonHours`): "at 4"
// is 16:00, "from 11 to 1" 11:00–13:00; a range whose end would come before its start so is read as said ("7-8": 07:00–08:00).
// A leading zero ("02:30") is the hour said. (`UNMARKED`'s patterns stand below, after the units, counts and months they leave alone.)
// am or pm, as `MERIDIEM` reads it, capturing nothing.
const AM_PM = String.raw`(?:a\.?\s?m\.?|p\.?\s?m\.?)(?![\p{L}])`;
const EN_HOUR_WORD = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve';
// The week's days in English, in full and cut short ("Fri"), after which an hour stays one.
const WEEK_DAY_WORDS = `${WEEKDAYS_EN.join('|')}|mon|tues?|wed|thu(?:rs?)?|fri|sat|sun`;
const THEN_EN = String.raw`(?=\s*(?:$|[.,;:!?)\]—–]|(?:on|for|today|tomorrow|tonight|this|next|and|or|but|till|until|through|with|in|sharp|then|instead|as|so|if|when|is|was|will|would|works|that|which|where|every|each|${WEEK_DAY_WORDS})(?![\p{L}])))`;
// An hour in figures ("4", "4:30", "4.30") or in words ("four", "four thirty", "four-fifteen").
const BARE_HOUR_EN = String.raw`(?:(\d{1,2})(?:[.:](\d{2}))?|(${EN_HOUR_WORD})(?:[\s-](thirty|fifteen|forty[\s-]five))?)(?![\p{N}\p{L}]|[.:]\d)`;
const MINUTE_WORDS: Record<string, string> = { thirty: '30', fifteen: '15', forty: '45' };
/** An hour with no mark as the clock has it ("4:00", "14:30"), from its figure and minutes, or its words; undefined past 24. */
function bareHour(figure: string | undefined, minutes: string | undefined, word?: string, minuteWord?: string): string | undefined {
  const h = figure !== undefined ? Number(figure) : hourWord(word!);
  const m = minutes ?? (minuteWord ? MINUTE_WORDS[minuteWord.toLowerCase().split(/[\s-]/u)[0]!] : undefined);
  if (h === undefined || h > 24 || Number(m ?? 0) > 59) return undefined;
  return `${figure && figure.length === 2 && h < 10 ? figure : h}:${m ?? '00'}`;
}
/** A text's hours with no mark where words make them a time (`UNMARKED`), rewritten as hours on the clock ("at 4:00"). */
function unmarkedHoursRead(text: string): string {
  return text
    .replace(UNMARKED.dotted, '$1:$2')
    .replace(UNMARKED.range, (whole, before: string, h1, m1, w1, wm1, join: string, h2, m2, w2, wm2) => {
      const [a, b] = [bareHour(h1, m1, w1, wm1), bareHour(h2, m2, w2, wm2)];
      return a && b ? `${before} ${a}${join}${b}` : whole;
    })
    .replace(UNMARKED.point, (whole, before: string, h, m, w, wm) => {
      const at = bareHour(h, m, w, wm);
      return at ? `${before} ${at}` : whole;
    })
    .replace(UNMARKED.rangeEnd, (whole, start: string, h: string, m: string | undefined) => {
      const end = bareHour(h, m);
      return end ? `${start}${end}` : whole;
    })
    .replace(UNMARKED.half, (whole, before: string, h: string | undefined, w: string | undefined) => {
      const n = h !== undefined ? Number(h) : hourWord(w!);
      return n !== undefined && n >= 1 && n <= 24 ? `${before} ${n === 1 ? 12 : n - 1}:30` : whole;
    })
    .replace(UNMARKED.um, (whole, before: string, h, m, w) => {
      const at = bareHour(h, m, w);
      return at ? `${before} ${at}` : whole;
    });
}
// An hour of 1 to 7 on the clock with no am, pm, "Uhr", "h" or unit after it, and a range of two such: read in the afternoon (`afternoonHours`).
const AFTERNOON_HOURS = () =>
  new RegExp(
    String.raw`(?<![\p{N}:.,])(\d{1,2}):(\d{2})(${RANGE_JOIN})(\d{1,2}):(\d{2})(?![\p{N}])(?!\s*(?:${AM_PM}|uhr(?![\p{L}])|(?:${HOURS}|${MINUTES})(?![\p{L}])))|(?<![\p{N}:.,])([1-7]):(\d{2})(?![\p{N}])(?!${RANGE_JOIN}\d)(?!\s*(?:${AM_PM}|uhr(?![\p{L}])|(?:${HOURS}|${MINUTES})(?![\p{L}])))`,
    'giu',
  );
/** An hour of 1 to 7 said with one figure, in the afternoon; any other as said. */
const inTheAfternoon = (figure: string) => (figure.length === 1 && Number(figure) >= 1 && Number(figure) <= 7 ? Number(figure) + 12 : Number(figure));
/** `text` with its hours on the clock of 1 to 7, with no mark, read in the afternoon; a range so that its end stays after its start. */
function afternoonHours(text: string): string {
  return text.replace(AFTERNOON_HOURS(), (whole, h1: string | undefined, m1, join, h2, m2, h: string | undefined, m: string | undefined) => {
    if (h !== undefined) return `${inTheAfternoon(h)}:${m}`;
    const [a, b] = [inTheAfternoon(h1!), inTheAfternoon(h2)];
    if (a * 60 + Number(m1) < b * 60 + Number(m2)) return `${a}:${m1}${join}${b}:${m2}`;
    return whole;
  });
}
/** A text's clock times in the forms `FORMS` reads, rewritten as the forms read before it. */
function clockFormsRead(text: string): string {
  const hour = (h: number, m = '00') => `${h}:${m}`;
  const figure = (w: string) => String(hourWord(w) ?? w);
  return text
    .replace(FORMS.pastOrTo, (whole, how: string, h: string, marked: string | undefined) => {
      const n = /^\d/.test(h) ? Number(h) : hourWord(h);
      if (n === undefined || n < 1 || n > 12) return whole;
      const [at, m] = /^half/i.test(how) ? [n, '30'] : /past$/i.test(how) ? [n, '15'] : [n === 1 ? 12 : n - 1, '45'];
      // With am, pm or the part of the day after it, as said; else as "o'clock" reads an hour.
      return marked ? `${at}:${m}` : hour(at <= 7 ? at + 12 : at, m);
    })
    .replace(FORMS.wordRange, (_, from: string, a: string, join: string, b: string) => `${from} ${figure(a)}${join}${figure(b)}`)
    .replace(FORMS.wordMarked, (w: string) => figure(w))
    .replace(FORMS.wordAtTheHour, (_, before: string, w: string) => `${before}${figure(w)}`)
    .replace(FORMS.wordPreposed, (_, before: string, w: string) => `${before} ${figure(w)}`)
    .replace(FORMS.noon, '12:00')
    .replace(FORMS.partOfDay, (whole, h: string, m: string | undefined, pm: string | undefined) => {
      const n = Number(h);
      if (n < 1 || n > 12) return whole;
      return `${n}${m ? `:${m}` : ''} ${pm ? 'pm' : 'am'}`;
    })
    .replace(FORMS.oclock, (whole, h: string, meridiem: string | undefined) => {
      const n = Number(h);
      if (n < 1 || n > 12) return whole;
      return meridiem ? `${n}${meridiem}` : hour(n <= 7 ? n + 12 : n);
    })
    .replace(FORMS.dotted, '$1:$2')
    .replace(FORMS.tillRange, '$1 to ')
    .replace(FORMS.unitRange, (whole, from: string, a: string, join: string, b: string) => (Number(a) <= 24 && Number(b) <= 24 && Number(b) >= 7 ? `${from} ${hour(Number(a))}–${hour(Number(b))}` : whole))
    .replace(FORMS.dayPart, (...args: unknown[]) => {
      const groups = args.at(-1) as Record<string, string | undefined>;
      const i = DAY_PARTS.findIndex((_, k) => groups[`p${k}`] !== undefined || groups[`q${k}`] !== undefined);
      return i >= 0 ? `from ${DAY_PARTS[i]![1]}` : String(args[0]);
    })
    .replace(FORMS.unitHour, (whole, before: string, h: string) => (Number(h) <= 24 && (Number(h) >= 7 || POINT.test(before)) ? `${before}${hour(Number(h))}` : whole));
}
/** Whether a text says a clock time in a form `clockSpans` reads only with `forms` (the `clock-forms` patch). */
export const hasClockForms = (text: string) => clockFormsRead(text) !== text;
/** Whether a text says an hour with no mark that `clockSpans` reads only with `forms: 'unmarked'` (the `unmarked-hours` patch), or reads otherwise so. */
export function hasUnmarkedHours(text: string): boolean {
  // The forms both read, rewritten once.
  const formed = clockFormsRead(text);
  return JSON.stringify(spansOfFormed(formed, { bareRanges: true, forms: 'unmarked' })) !== JSON.stringify(spansOfFormed(formed, { bareRanges: true, forms: true }));
}

// A range of hours with no mark, after the words that make it one in the languages that count hours to 24
// ("de 14 a 15", "von 14 bis 15", "de 14 à 15", "van 14 tot 15", "entre las 14 y las 15"): read as "14:00–15:00" (`bareRanges`).
// Not before what is counted ("de 4 a 6 personas"), a unit ("de 2 a 3 horas"; "von 14 bis 15 Uhr" is marked
// already) or a month ("de 14 a 15 de diciembre" are days).
const BARE_RANGE = () =>
  new RegExp(
    String.raw`(?<![\p{L}])(de|desde|von|van|entre|zwischen|tussen)\s+(?:(?:las|la)\s+)?(\d{1,2})\s+(a|hasta|bis|à|au|tot|y|und|et|en)\s+(?:(?:las|la)\s+)?(\d{1,2})(?![\p{N}]|[:.,]\d|\s+(?:de\s+)?(?:${MONTHS})(?![\p{L}])|\s*(?:uhr|h|a\.?\s?m|p\.?\s?m|${COUNTED}|horas?|stunden?|heures?|uur|ore|minut\p{L}*|%|€|eur|personen|mensen)(?![\p{L}]))`,
    'giu',
  );
// A length of time said with a time, which makes it a stretch (`durations`, since the `durations-read` patch): "at 2pm for
// two hours", "for 90 minutes from 14:00", "um 14 Uhr für zwei Stunden", "zwei Stunden lang", "a las 14 durante dos
// horas", "à 14 h pendant une heure et demie", "alle 14 per mezz'ora", "às 14h por duas horas", "om 14:00 voor twee uur".
// A number in figures (1.5 too) or in words up to eight, or a half; its unit hours or minutes; "and a half" after it.
const LENGTH_NUMBERS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, ein: 1, eine: 1, einer: 1, zwei: 2, drei: 3, vier: 4, fünf: 5,
  un: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, uno: 1, due: 2, tre: 3, quattro: 4, cinque: 5,
  um: 1, uma: 1, dois: 2, duas: 2, três: 3, een: 1, twee: 2, drie: 3, vijf: 5,
  half: 0.5, 'half an': 0.5, 'half a': 0.5, halbe: 0.5, 'eine halbe': 0.5, media: 0.5, demi: 0.5, 'une demi': 0.5, mezza: 0.5, meia: 0.5, 'een half': 0.5,
  anderthalb: 1.5, eineinhalb: 1.5, anderhalf: 1.5,
};
const LENGTH_NUMBER = String.raw`\d{1,3}(?:[.,]5)?|${Object.keys(LENGTH_NUMBERS).sort((a, b) => b.length - a.length).map((k) => k.replace(' ', String.raw`\s+`)).join('|')}`;
const HOURS = String.raw`hours?|hrs?|h|stunden?|std\.?|horas?|heures?|ore|ora|uur`;
const MINUTES = String.raw`minutes?|mins?|minuten?|minutos?|minuti|min`;
const AND_A_HALF = String.raw`and\s+a\s+half|und\s+eine\s+halbe|y\s+media|et\s+demie|e\s+mezza|e\s+meia|en\s+een\s+half`;
const LENGTH = String.raw`(?:(${LENGTH_NUMBER})[\s-]*(?:(${HOURS})|(${MINUTES}))|(mezz['’]ora))(?:\s+(${AND_A_HALF}))?(?![\p{L}])`;
const FOR_LENGTH = String.raw`(?<![\p{L}])(?:for|lasting|für|durante|por|pendant|per|voor|de|di|during)\s+(?:(?:the\s+)?(?:next|nächsten|próximas|próximos|prochaines|prossime|volgende)\s+)?${LENGTH}|(?<![\p{L}\p{N}])${LENGTH}\s+lang(?![\p{L}])`;
// A length just after a time ("at 2pm for two hours", "at 2pm on Friday for two hours"), or just before it ("for two hours from 2pm").
// Not across a comma or a bracket: "at 2pm (you asked for two hours)" says the booking no longer.
const LENGTH_AFTER = () => new RegExp(String.raw`^[^\d.,;:!?()\[\]\n]{0,30}?(?:${FOR_LENGTH})`, 'iu');
const LENGTH_BEFORE = () => new RegExp(String.raw`(?:${FOR_LENGTH})[^\d.,;:!?()\[\]\n]{0,20}$`, 'iu');
// With `durations: 'apart'` (the `durations-apart` patch), a length set off from the time by a comma that ends its clause
// ("at 2pm, for two hours.", "at 2pm on Friday, for 90 minutes, as you asked"; a dash was read before): not one more words carry on
// ("at 2pm, for two hours would clash with Alice's booking", "at 2pm, for one hour instead of two"), nor a bracket.
const CLAUSE_ENDS = String.raw`(?=\s*(?:$|[.!;,\n)]|\s(?:and|but|und|aber|y|pero|et|mais|e|ma|mas|en|maar)\s))`;
const LENGTH_APART = () => new RegExp(String.raw`^[^\d.,;:!?()\[\]\n]{0,30}?\s*,\s*(?:${FOR_LENGTH})${CLAUSE_ENDS}`, 'iu');
/** Whether a text sets a length off by a comma (`clockSpans`' `durations: 'apart'`). */
export const hasLengthApart = (text: string) => new RegExp(String.raw`,\s*(?:${FOR_LENGTH})`, 'iu').test(text);
/** Whether a text says a length of time (`clockSpans`' `durations`). */
export const hasLength = (text: string) => new RegExp(FOR_LENGTH, 'iu').test(text);
/** The minutes a length says (`LENGTH_AFTER`, `LENGTH_BEFORE`'s groups), or null where it is none of 15 minutes to a day. */
function lengthMinutes(m: RegExpExecArray): number | null {
  // The length's groups, after a preposition (1–5) or before "lang" (6–10).
  const [number, hours, minutes, mezzora, andHalf] = [m[1] ?? m[6], m[2] ?? m[7], m[3] ?? m[8], m[4] ?? m[9], m[5] ?? m[10]];
  if (mezzora) return 30;
  const word = number!.toLowerCase().replace(/\s+/g, ' ');
  const n = LENGTH_NUMBERS[word] ?? Number(word.replace(',', '.'));
  const length = (hours ? n * 60 : minutes ? n : NaN) + (andHalf ? 30 : 0);
  return Number.isFinite(length) && length >= 15 && length <= 24 * 60 ? Math.round(length) : null;
}

/**
 * The minutes of a length said just after a time (up to `next`, the next time: not a length's own figure read as none, "for
 * 2h"), or just before it (`before`, the text since the time before), or null.
 */
function lengthAt(text: string, before: string, end: number, next: number | undefined, apart: boolean): number | null {
  const after = text.slice(end, next ?? text.length);
  const m = LENGTH_AFTER().exec(after) ?? LENGTH_BEFORE().exec(before) ?? (apart ? LENGTH_APART().exec(after) : null);
  return m ? lengthMinutes(m) : null;
}

// Between a range's two ends, nothing but what joins them; and a range's start written bare, just before its end.
// Not global, so they keep no position between uses and are built once.
const JOINED = new RegExp(`^${RANGE_JOIN}$`, 'iu');
const BARE_START = new RegExp(String.raw`(?<![\p{N}:.,])(\d{1,2})(?::(\d{2}))?${RANGE_JOIN}$`, 'iu');

function hour24(h: number, meridiem: string | undefined): number | null {
  if (!meridiem) return h <= 24 ? h % 24 : null;
  if (h < 1 || h > 12) return null;
  const pm = meridiem.toLowerCase().startsWith('p');
  return (h % 12) + (pm ? 12 : 0);
}

/**
 * The clock times `text` states, as spans: a time is one minute ("at 2pm"), a range its stretch
 * ("2–3pm", "14:00 to 15:00"), a time after "until" the minute before it, and with `durations` a time with a
 * length of time said with it the stretch that long ("at 2pm for two hours": 14:00–16:00). Only numbers marked as times
 * count (a colon, am/pm, "Uhr", "h"): "Room 3", "5 Dec" and "8 people" are none. `text` should have
 * its room names taken out first (`withoutRooms`), so "Room 3 – 14:00" is no range.
 */
export function clockSpans(raw: string, opts: ClockOptions = {}): ClockSpan[] {
  const more = opts.more ? moreClockFormsRead(raw) : raw;
  return spansOfFormed(opts.forms ? clockFormsRead(more) : more, opts);
}
/** `more`: the forms `moreClockFormsRead` reads too ("at 1600", "half four"), as the `clock-zones` patch reads a claim's. */
type ClockOptions = { bareRanges?: boolean; durations?: boolean | 'apart'; forms?: boolean | 'unmarked'; more?: boolean };

/** `clockSpans` of a text whose clock forms are rewritten already (`clockFormsRead`, where `opts.forms` asks it). */
function spansOfFormed(formed: string, opts: ClockOptions): ClockSpan[] {
  const unmarked = opts.forms === 'unmarked';
  const bare = unmarked ? unmarkedHoursRead(formed) : formed;
  const ranged = opts.bareRanges
    ? bare.replace(BARE_RANGE(), (whole, from: string, a: string, _join: string, b: string) => (Number(a) <= 24 && Number(b) <= 24 ? `${from} ${a}:00–${b}:00` : whole))
    : bare;
  const preposed = ranged.replace(PREPOSED_HOUR(), (_, words: string, hour: string) => `${words} ${hour}:00`);
  const text = unmarked ? afternoonHours(preposed) : preposed;
  const spans: ClockSpan[] = [];
  const found = [...text.matchAll(clock())].map((m) => {
    const h = Number(m[1]);
    const minutes = Number(m[2] ?? m[5] ?? 0);
    const meridiem = m[3] ?? m[4];
    const hForm = /^\d+\s?h/i.test(m[0]);
    return { at: m.index!, end: m.index! + m[0].length, hour: hForm && (h < 7 || h > 23) ? null : hour24(h, meridiem), h, minutes, meridiem };
  });
  for (let i = 0; i < found.length; i++) {
    const t = found[i]!;
    if (t.hour === null || t.minutes > 59) continue;
    const minute = t.hour * 60 + t.minutes;
    const before = text.slice(i > 0 ? found[i - 1]!.end : 0, t.at);
    // A range whose start is written bare ("2-3pm", "14 bis 15 Uhr") or as a time of its own ("14:00–15:00").
    const prev = i > 0 ? found[i - 1] : undefined;
    const joined = prev && prev.hour !== null && JOINED.test(before);
    const bare = !joined ? BARE_START.exec(before) : null;
    if (joined || bare) {
      let startHour: number | null;
      let startMinutes: number;
      if (joined) {
        startHour = prev!.meridiem ? prev!.hour : hour24(prev!.h, t.meridiem) ?? prev!.hour;
        startMinutes = prev!.minutes;
        spans.pop();
      } else {
        startHour = hour24(Number(bare![1]), t.meridiem);
        startMinutes = Number(bare![2] ?? 0);
        // "11-1pm": the start is in the morning.
        if (startHour !== null && t.meridiem && startHour * 60 + startMinutes >= minute) startHour -= 12;
      }
      if (startHour !== null && startHour >= 0 && startMinutes <= 59 && startHour * 60 + startMinutes < minute) {
        spans.push({ from: startHour * 60 + startMinutes, to: minute });
        continue;
      }
    }
    if (UNTIL.test(before)) spans.push({ from: Math.max(0, minute - 1), to: minute });
    else {
      // With `durations`, a time with a length said just after or before it is the stretch that long from it.
      const length = opts.durations ? lengthAt(text, before, t.end, found.slice(i + 1).find((f) => f.hour !== null)?.at, opts.durations === 'apart') : null;
      spans.push({ from: minute, to: length ? Math.min(minute + length, 24 * 60) : minute + 1 });
    }
  }
  return spans;
}

/** `text` with the rooms it names blanked out (`roomsNamed`), so their numbers are not read as times. */
export function withoutRooms(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of new Set(names)) if (name.trim()) out = out.replace(namePattern(name, 'giu'), ' ');
  return out.replace(genericRoom(), (m, token: string) => (isRoomToken(token) ? ' ' : m));
}

// ---------------------------------------------------------------- days a text names

/**
 * A day a claim names: a day of the week (0 is Sunday), a date (with its year when given), a day of the
 * month alone ("the 11th"), or a day counted from today ("tomorrow": 1).
 */
export type DayRef = { weekday: number } | { month: number; day: number; year?: number } | { dayOfMonth: number } | { offset: number } | { week: number };
/** A day named as the calendar has it (days counted from today, and weeks, resolved). */
type NamedDay = Exclude<DayRef, { offset: number } | { week: number }>;

// The days of the week, Sunday first, in the languages answers come in. Portuguese's working days are
// named by their "-feira" form, or after "na"/"nesta"/"próxima" ("na sexta"): "sexta" alone is "sixth".
const WEEKDAY_NAMES = [
  ['sunday', 'sonntag', 'domingo', 'dimanche', 'domenica', 'zondag'],
  ['monday', 'montag', 'lunes', 'lundi', 'lunedì', 'lunedi', 'segunda-feira', 'maandag'],
  ['tuesday', 'dienstag', 'martes', 'mardi', 'martedì', 'martedi', 'terça-feira', 'terca-feira', 'dinsdag'],
  ['wednesday', 'mittwoch', 'miércoles', 'miercoles', 'mercredi', 'mercoledì', 'mercoledi', 'quarta-feira', 'woensdag'],
  ['thursday', 'donnerstag', 'jueves', 'jeudi', 'giovedì', 'giovedi', 'quinta-feira', 'donderdag'],
  ['friday', 'freitag', 'viernes', 'vendredi', 'venerdì', 'venerdi', 'sexta-feira', 'vrijdag'],
  ['saturday', 'samstag', 'sonnabend', 'sábado', 'sabado', 'samedi', 'sabato', 'zaterdag'],
];
const PT_WORKDAYS = ['', 'segunda', 'terça', 'quarta', 'quinta', 'sexta'];
// The months, January first; abbreviations only where they are no common word ("mar", "set", "out", "gen"
// and "ago" are: "Room 3 set up", "3 out of 5"). "May" is both; a room's number before it is taken out first.
const MONTH_NAMES = [
  ['january', 'jan', 'januar', 'jänner', 'enero', 'ene', 'janvier', 'janv', 'gennaio', 'janeiro', 'januari'],
  ['february', 'feb', 'februar', 'febrero', 'février', 'fevrier', 'févr', 'febbraio', 'fevereiro', 'fev', 'februari'],
  ['march', 'märz', 'marzo', 'mars', 'março', 'marco', 'maart'],
  ['april', 'apr', 'abril', 'abr', 'avril', 'avr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'maio', 'mei'],
  ['june', 'jun', 'juni', 'junio', 'juin', 'giugno', 'junho'],
  ['july', 'jul', 'juli', 'julio', 'juillet', 'juil', 'luglio', 'julho'],
  ['august', 'aug', 'agosto', 'août', 'aout', 'augustus'],
  ['september', 'sep', 'sept', 'septiembre', 'septembre', 'settembre', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octubre', 'octobre', 'ottobre', 'outubro'],
  ['november', 'nov', 'noviembre', 'novembre', 'novembro'],
  ['december', 'dec', 'dezember', 'dez', 'diciembre', 'dic', 'décembre', 'decembre', 'déc', 'dicembre', 'dezembro'],
];
const alternatives = (words: string[]) => [...words].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');
const WEEKDAY_OF = new Map(WEEKDAY_NAMES.flatMap((names, i) => names.map((n) => [n, i] as const)));
const MONTH_OF = new Map(MONTH_NAMES.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
// The global patterns below are built for each use: a shared one keeps its position (lastIndex) between uses.
const WEEKDAY_WORD = () => new RegExp(`(?<![\\p{L}-])(${alternatives(WEEKDAY_NAMES.flat())})(?![\\p{L}-])`, 'giu');
const PT_WORKDAY = () => new RegExp(`(?<![\\p{L}])(?:na|nesta|próxima|proxima)\\s+(${PT_WORKDAYS.slice(1).join('|')})(?![\\p{L}-])`, 'giu');
// "Fri, 11 Dec" as the system writes it: an English abbreviation, capitalised, before a number.
const WEEKDAY_SHORT = () => new RegExp(String.raw`(?<![\p{L}])(Sun|Mon|Tue|Wed|Thu|Fri|Sat)(?=\.?,?\s*\d)`, 'gu');
const MONTHS = alternatives(MONTH_NAMES.flat());
/** The months' names and abbreviations in the answers' languages, as a pattern's alternatives. */
export const MONTH_WORDS = MONTHS;
/** The days of the week in the answers' languages, as a pattern's alternatives. */
export const WEEKDAY_WORDS = alternatives(WEEKDAY_NAMES.flat());
// "11 Dec", "11. Dezember", "11 de diciembre", "1er décembre", "11 December 2026"; "Dec 11", "December 11th, 2026"; "2026-12-11".
const DAY_MONTH = () => new RegExp(`(?<![\\p{N}:.,/])(\\d{1,2})(?:st|nd|rd|th|er|º|\\.)?\\s*(?:de\\s+)?(${MONTHS})\\.?(?![\\p{L}])(?:,?\\s+(?:de\\s+)?(\\d{4}))?`, 'giu');
// With `stops` (since the `dates-at-stops` patch), also where a full stop ends the sentence after it ("on January 16."); a dot
// before a figure ("Dec 11.30") stays none. Before, "I booked Room 3 on January 16." named no day.
const MONTH_DAY = (stops = false) =>
  new RegExp(`(?<![\\p{L}])(${MONTHS})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?!${stops ? '[\\p{N}:]|\\.\\p{N}' : '[\\p{N}:.]'}|\\s*(?:a\\.?m|p\\.?m|h|uhr)(?![\\p{L}]))(?:,?\\s+(\\d{4}))?`, 'giu');
/** Whether `text` ends a sentence with a month and its day ("on January 16."), which `daysNamed` reads only with `stops`. */
export const hasDateAtStop = (text: string) => [...text.matchAll(MONTH_DAY(true))].length > [...text.matchAll(MONTH_DAY())].length;
const ISO_DATE = () => new RegExp(String.raw`(?<![\p{N}])(\d{4})-(\d{2})-(\d{2})(?![\p{N}])`, 'gu');
// What is counted rather than dated ("8/10 people", "8/10 seats").
const COUNTED = 'people|persons|personen|personas|personnes|persone|pessoas|seats|sitze|plätze|plazas|places|posti|lugares|chairs';
// Hours with no mark where words make them a time (`unmarkedHoursRead`), here since they leave alone the units, counts and
// months above. Built once: each is used only by `replace`, which starts it from the text's beginning every time.
const NOT_A_COUNT = String.raw`(?!\s*(?:\p{Lu}|\d|%|€|(?:${HOURS}|${MINUTES}|${COUNTED}|${MONTHS}|mensen|leute|mal|keer|prozent|procent|euro)(?![\p{L}])))`;
const UNMARKED = {
  range: new RegExp(String.raw`(?<![\p{L}])(from|between|at)\s+${BARE_HOUR_EN}(\s*(?:-|–|—|to|till|until|and|through|thru)\s*)${BARE_HOUR_EN}${THEN_EN}`, 'giu'),
  point: new RegExp(String.raw`(?<![\p{L}])(at|until|till|til)\s+${BARE_HOUR_EN}${THEN_EN}`, 'giu'),
  // A dot between the hour and its minutes before am or pm ("4.30pm", as British English writes it).
  dotted: new RegExp(String.raw`(?<![\p{N}:.,])(\d{1,2})\.(\d{2})(?=\s*${AM_PM})`, 'giu'),
  rangeEnd: new RegExp(String.raw`(\d{1,2}(?::\d{2})?\s*${AM_PM}\s*(?:-|–|—|to|till|until)\s*)(\d{1,2})(?:[.:](\d{2}))?(?![\p{N}\p{L}])${THEN_EN}`, 'giu'),
  // Case-sensitive, so that a noun after it (capitalised in German) is told from a verb ("um 4 Personen", "um 4 gebucht").
  half: new RegExp(String.raw`(?<![\p{L}])([Uu]m|[Oo]m)\s+(?:halb|half)\s+(?:(\d{1,2})|(${HOUR_WORD}))(?![\p{N}\p{L}])${NOT_A_COUNT}`, 'gu'),
  um: new RegExp(String.raw`(?<![\p{L}])([Uu]m|[Oo]m)\s+(?:(\d{1,2})(?:[.:](\d{2}))?|(${HOUR_WORD}))(?![\p{N}\p{L}]|[.:]\d)${NOT_A_COUNT}`, 'gu'),
};
// A part of the day said alone, with no clock time, where a booking is said to be ("this afternoon", "on Friday morning",
// "tonight", "heute Nachmittag", "por la mañana", "ce soir", "stasera", "à tarde", "vanavond", "下午", "午前", "저녁", "вечером"):
// read since the `day-parts` patch (`JudgeOptions.dayParts`) as a window of the clock a booking said there must touch. The
// windows are wide (the morning 05:00–12:00, the afternoon 12:00–18:00, the evening and the night 17:00–24:00), so that only
// a part of the day the stretch does not touch at all is held. Only after the words that make it where something is ("this",
// "in the", "tomorrow", a weekday), not a greeting ("Good morning", "buenas tardes") nor a name ("the morning stand-up").
const BEFORE_PART_EN = String.raw`this|tomorrow|in\s+the|for\s+the|during\s+the|early\s+in\s+the|late\s+in\s+the|on\s+(?:${WEEKDAY_WORDS})|${WEEKDAY_WORDS}`;
// `more`: forms read since the `parts-read` patch ("venerdì mattina", "questa sera", "Freitag Nachmittag" in two words).
const PARTS_ALONE: { window: ClockSpan; latin: string; script: string; more: string }[] = [
  {
    window: { from: 5 * 60, to: 12 * 60 },
    latin: String.raw`(?:${BEFORE_PART_EN})\s+morning|heute\s+(?:früh|morgen|vormittag)|morgen\s+(?:früh|vormittag)|am\s+(?:vormittag|morgen)|vormittags|morgens|(?:${WEEKDAY_WORDS})(?:morgen|vormittag)|(?:esta|por\s+la|en\s+la)\s+mañana|ce\s+matin|(?:dans|en)\s+(?:la\s+)?matinée|(?:demain|${WEEKDAY_WORDS})\s+matin|stamattina|stamani|domattina|(?:di|in|nella)\s+mattina(?:ta)?|(?:esta|de|pela|nesta)\s+manhã|vanochtend|vanmorgen|morgenochtend|['’]s\s+(?:ochtends|morgens)|in\s+de\s+ochtend|(?:${WEEKDAY_WORDS})ochtend|утром|утра`,
    script: String.raw`上午|早上|午前|오전`,
    more: String.raw`(?:questa|domani|${WEEKDAY_WORDS})\s+mattina|(?:${WEEKDAY_WORDS})\s+(?:vormittag|morgen)`,
  },
  {
    window: { from: 12 * 60, to: 18 * 60 },
    latin: String.raw`(?:${BEFORE_PART_EN})\s+afternoon|(?:heute|morgen|am)\s+nachmittag|nachmittags|(?:${WEEKDAY_WORDS})nachmittag|(?:esta|por\s+la|en\s+la)\s+tarde|cet\s+après-midi|(?:dans\s+l['’]|en\s+|l['’])après-midi|(?:demain|${WEEKDAY_WORDS})\s+après-midi|(?:questo|oggi|nel|di|domani|${WEEKDAY_WORDS})\s+pomeriggio|(?:à|de|pela|nesta)\s+tarde|vanmiddag|morgenmiddag|['’]s\s+middags|(?:${WEEKDAY_WORDS})middag|после\s+обеда`,
    script: String.raw`下午|午後|오후`,
    more: String.raw`(?:${WEEKDAY_WORDS})\s+nachmittag`,
  },
  {
    window: { from: 17 * 60, to: 24 * 60 },
    latin: String.raw`(?:${BEFORE_PART_EN})\s+(?:evening|night)|tonight|(?:heute|morgen|am)\s+abend|abends|(?:${WEEKDAY_WORDS})abend|(?:esta|por\s+la)\s+noche|ce\s+soir|(?:dans\s+la|en)\s+soirée|(?:demain|${WEEKDAY_WORDS})\s+soir|stasera|stanotte|(?:di|domani|${WEEKDAY_WORDS})\s+sera|in\s+serata|(?:esta|à|de|pela|nesta)\s+noite|vanavond|morgenavond|['’]s\s+avonds|(?:${WEEKDAY_WORDS})avond|вечером|вечера`,
    script: String.raw`晚上|今晚|今夜|夕方|저녁`,
    more: String.raw`(?:questa|oggi)\s+sera|(?:${WEEKDAY_WORDS})\s+abend`,
  },
];
const PART_ALONE = (more = false) =>
  new RegExp(PARTS_ALONE.map((p, i) => String.raw`(?<![\p{L}])(?<l${i}>${p.latin}${more ? `|${p.more}` : ''})(?![\p{L}])|(?<s${i}>${p.script})`).join('|'), 'giu');
/** The parts of the day `text` says alone (`PARTS_ALONE`; with `more`, their forms read since `parts-read` too): the words, and the window of the clock they name. */
export function partsAlone(text: string, more = false): { said: string; window: ClockSpan }[] {
  return [...text.matchAll(PART_ALONE(more))].flatMap((m) => {
    const i = PARTS_ALONE.findIndex((_, k) => m.groups![`l${k}`] !== undefined || m.groups![`s${k}`] !== undefined);
    return i >= 0 ? [{ said: m[0].replace(/\s+/g, ' '), window: PARTS_ALONE[i]!.window }] : [];
  });
}
/** Whether `text` says a part of the day alone, which a write claim is held to since the `day-parts` patch. */
export const hasPartAlone = (text: string, more = false) => PART_ALONE(more).test(text);

// "11.12." and "11.12.2026" (day first); "11/12" and "11/12/2026", read both ways (day or month first: "any of them" is how days are held).
const NUMERIC_DOT = () => new RegExp(String.raw`(?<![\p{N}.,:])(\d{1,2})\.(\d{1,2})\.(?:(\d{4})|(?!\p{N}))`, 'gu');
const NUMERIC_SLASH = () => new RegExp(String.raw`(?<![\p{N}/.,:])(\d{1,2})/(\d{1,2})(?:/(\d{4}))?(?![\p{N}/]|\s*(?:${COUNTED}))`, 'giu');
// A day of the month alone: "the 11th", "am 11." (before a time, a comma or the end), "el día 11".
const DAY_OF_MONTH = () =>
  new RegExp(String.raw`(?<![\p{L}])(?:the\s+(\d{1,2})(?:st|nd|rd|th)(?![\p{L}]|\s+(?:floor|storey|level|row|time))|am\s+(\d{1,2})\.(?=\s*(?:um|,|$|\s+ist|\s+von))|el\s+día\s+(\d{1,2})(?![\p{N}]))`, 'giu');
// Days counted from today. The day after tomorrow first, so that "pasado mañana" is not read as tomorrow.
const IN_TWO_DAYS = () => new RegExp(String.raw`(?<![\p{L}-])(?:the day after tomorrow|day after tomorrow|übermorgen|pasado mañana|après-demain|apres-demain|dopodomani|depois de amanhã|overmorgen)(?![\p{L}])`, 'giu');
const TODAY = () => new RegExp(String.raw`(?<![\p{L}])(?:today|tonight|this (?:morning|afternoon|evening)|heute|hoy|esta (?:mañana|tarde|noche)|aujourd['’]hui|ce matin|cet après-midi|ce soir|oggi|stamattina|stasera|hoje|vandaag)(?![\p{L}])`, 'giu');
const TOMORROW = () => new RegExp(String.raw`(?<![\p{L}])(?:tomorrow|demain|domani|amanhã|amanha)(?![\p{L}])`, 'giu');
// "morgen" is tomorrow, but "(heute, am, jeden, guten) Morgen" is a morning; "mañana" is tomorrow, but "(la, esta, cada, una) mañana" is a morning.
const MORGEN = () => new RegExp(String.raw`(?<![\p{L}])(?<!(?:heute|am|jeden|guten|den|einen|vom|gestern)\s+)morgen(?![\p{L}])`, 'giu');
const MANANA = () => new RegExp(String.raw`(?<![\p{L}])(?<!(?:la|esta|cada|una|toda)\s+)mañana(?![\p{L}])`, 'giu');
// Weeks (with `weeks`): the weekend is Saturday and Sunday; this week and next week are their seven days,
// Monday first. Not "next Friday", which names a weekday.
const WEEKEND = () => new RegExp(String.raw`(?<![\p{L}])(?:weekend|wochenende|fin de semana|week-end|week end|weekends|fine settimana|fim de semana)(?![\p{L}-])`, 'giu');
const NEXT_WEEK = () =>
  new RegExp(
    String.raw`(?<![\p{L}])(?:next week|the coming week|(?:nächste|kommende)[nrs]? woche|la semana (?:que viene|próxima|proxima|entrante)|la (?:próxima|proxima) semana|la semaine (?:prochaine|suivante)|la prossima settimana|la settimana prossima|(?:na|a) (?:próxima|proxima) semana|(?:na )?semana que vem|volgende week)(?![\p{L}])`,
    'giu',
  );
const THIS_WEEK = () => new RegExp(String.raw`(?<![\p{L}])(?:this week|diese[rn]? woche|esta semana|cette semaine|questa settimana|nesta semana|deze week)(?![\p{L}])`, 'giu');

/**
 * The days `text` names: days of the week ("Friday", "Freitag", "viernes", "na sexta", "Fri, 11 Dec")
 * and dates ("11 Dec", "11. Dezember", "11 de diciembre", "December 11th", "2026-12-11"), and days
 * counted from today ("today", "this afternoon", "tomorrow", "morgen", "mañana", "demain", "amanhã",
 * "übermorgen"; not "heute Morgen" or "por la mañana", which are mornings), in the languages answers
 * come in. With `ahead` (since the `calendar-words` patch), also "in N days" as `inLatinTerms` writes the
 * days counted ahead in any language. With `weeks` (since the `week-days` patch), also weeks: "this
 * week", "next week" (their seven days, Monday first) and "the weekend" (Saturday and Sunday).
 */
export function daysNamed(raw: string, opts: { ahead?: boolean; weeks?: boolean; weeksAhead?: boolean; stops?: boolean } = {}): DayRef[] {
  const out: DayRef[] = [];
  let text = raw;
  // With `weeksAhead` (since the `weeks-ahead` patch), "in N weeks" is the calendar week N weeks on.
  if (opts.weeksAhead) {
    text = text.replace(IN_WEEKS(), (whole, n: string) => {
      if (Number(n) < 1 || Number(n) > 52) return whole;
      out.push({ week: Number(n) });
      return ' ';
    });
  }
  if (opts.weeks) {
    for (const [pattern, refs] of [[WEEKEND(), [{ weekday: 6 }, { weekday: 0 }]], [NEXT_WEEK(), [{ week: 1 }]], [THIS_WEEK(), [{ week: 0 }]]] as const) {
      text = text.replace(pattern, () => {
        out.push(...refs);
        return ' ';
      });
    }
  }
  if (opts.ahead) {
    text = text.replace(IN_DAYS(), (_, n: string) => {
      out.push({ offset: Number(n) });
      return ' ';
    });
  }
  // "pasado mañana" before "mañana"; "heute Morgen" and "esta mañana" (mornings) before "heute" and "esta mañana" as today.
  for (const [pattern, offset] of [[IN_TWO_DAYS(), 2], [MORGEN(), 1], [MANANA(), 1], [TOMORROW(), 1], [TODAY(), 0]] as const) {
    text = text.replace(pattern, () => {
      out.push({ offset });
      return ' ';
    });
  }
  for (const m of text.matchAll(WEEKDAY_WORD())) out.push({ weekday: WEEKDAY_OF.get(m[1]!.toLowerCase())! });
  for (const m of text.matchAll(PT_WORKDAY())) out.push({ weekday: PT_WORKDAYS.indexOf(m[1]!.toLowerCase()) });
  for (const m of text.matchAll(WEEKDAY_SHORT())) out.push({ weekday: WEEKDAY_INDEX[m[1]!]! });
  const date = (day: number, month: number | undefined, year?: string) => {
    if (month && day >= 1 && day <= 31) out.push({ month, day, ...(year ? { year: Number(year) } : {}) });
  };
  const month = (n: string) => (Number(n) >= 1 && Number(n) <= 12 ? Number(n) : undefined);
  for (const m of text.matchAll(DAY_MONTH())) date(Number(m[1]), MONTH_OF.get(m[2]!.toLowerCase()), m[3]);
  for (const m of text.matchAll(MONTH_DAY(opts.stops))) date(Number(m[2]), MONTH_OF.get(m[1]!.toLowerCase()), m[3]);
  for (const m of text.matchAll(ISO_DATE())) date(Number(m[3]), month(m[2]!), m[1]);
  for (const m of text.matchAll(NUMERIC_DOT())) date(Number(m[1]), month(m[2]!), m[3]);
  for (const m of text.matchAll(NUMERIC_SLASH())) {
    date(Number(m[1]), month(m[2]!), m[3]);
    date(Number(m[2]), month(m[1]!), m[3]);
  }
  for (const m of text.matchAll(DAY_OF_MONTH())) {
    const day = Number(m[1] ?? m[2] ?? m[3]);
    if (day >= 1 && day <= 31) out.push({ dayOfMonth: day });
  }
  return out;
}

/** `text` with its dates blanked out, so that their numbers are not read as times ("le 11/12 à 15h" is no 12:00–15:00). */
function withoutDates(text: string, stops = false): string {
  return [DAY_MONTH, () => MONTH_DAY(stops), ISO_DATE, NUMERIC_DOT, NUMERIC_SLASH].reduce((t, pattern) => t.replace(pattern(), ' '), text);
}

/** Whether two calendar days are the same day. */
const sameDay = (a: CalendarDay, b: CalendarDay) => a.year === b.year && a.month === b.month && a.day === b.day;

/** The days a stretch of time touches in the workspace time zone (at most 100). */
function daysTouched(start: string, end: string, timezone: string): CalendarDay[] {
  const from = Date.parse(start);
  const to = Math.max(from, Date.parse(end) - 60_000);
  const out: CalendarDay[] = [];
  for (let at = from; at <= to && out.length < 100; at += 24 * 3600_000) out.push(calendarDay(new Date(at).toISOString(), timezone));
  const last = calendarDay(new Date(to).toISOString(), timezone);
  if (!out.some((d) => sameDay(d, last))) out.push(last);
  return out;
}

/** The days named as days of the week or dates: a day counted from today as the date it is from `now` (dropped without it). */
function resolveDays(days: DayRef[], now: string | undefined, timezone: string): NamedDay[] {
  const ahead = (offset: number): NamedDay => {
    const d = calendarDay(new Date(Date.parse(now!) + offset * 24 * 3600_000).toISOString(), timezone);
    return { month: d.month, day: d.day, year: d.year };
  };
  return days.flatMap((r): NamedDay[] => {
    if ('week' in r) {
      if (!now) return [];
      // Monday of this week, counted from today (Sunday is the week's last day).
      const monday = -((calendarDay(now, timezone).weekday + 6) % 7) + 7 * r.week;
      return Array.from({ length: 7 }, (_, i) => ahead(monday + i));
    }
    if (!('offset' in r)) return [r];
    return now ? [ahead(r.offset)] : [];
  });
}

/** A stretch's clock time on each of the named days it touches: from its start (or midnight) to its end (or midnight). */
function dayPieces(t: RoomTime, days: NamedDay[], timezone: string): OnClock[] {
  const first = calendarDay(t.start, timezone);
  const last = calendarDay(t.end, timezone);
  return daysTouched(t.start, t.end, timezone)
    .filter((d) => isNamed(days, d))
    .map((d) => ({ from: sameDay(d, first) ? clockMinutes(t.start, timezone) : 0, to: sameDay(d, last) ? clockMinutes(t.end, timezone) : 1440, allDay: false }))
    .filter((c) => c.from < c.to);
}

/** Whether a stretch falls on one of the days named (every stretch does when none is). */
function onDays(days: NamedDay[], start: string, end: string, timezone: string): boolean {
  return days.length === 0 || daysTouched(start, end, timezone).some((d) => isNamed(days, d));
}

/** Whether the day is one of those named. */
const isNamed = (days: NamedDay[], d: CalendarDay) =>
  days.some((r) => ('weekday' in r ? r.weekday === d.weekday : 'dayOfMonth' in r ? r.dayOfMonth === d.day : r.month === d.month && r.day === d.day && (r.year === undefined || r.year === d.year)));

/** The days named, as a reason says them ("Saturday", "12 Dec"). */
const sayDays = (days: NamedDay[]) =>
  [...new Set(days.map((r) => ('weekday' in r ? WEEKDAYS_EN[r.weekday] : 'dayOfMonth' in r ? `the ${r.dayOfMonth}.` : `${r.day} ${MONTHS_EN[r.month - 1]!.slice(0, 3)}${r.year ? ` ${r.year}` : ''}`)))].join(' or ');

// ---------------------------------------------------------------- a read's time on the clock

/** A stretch of time as the workspace clock shows it: minutes after midnight, or the whole day (a day or longer). */
type OnClock = { from: number; to: number; allDay: boolean };
function onClock(start: string, end: string, timezone: string): OnClock {
  const allDay = new Date(end).getTime() - new Date(start).getTime() >= 24 * 3600_000;
  return { from: clockMinutes(start, timezone), to: clockMinutes(end, timezone), allDay };
}

/** Whether the stretch overlaps the clock span. */
function overlaps(t: { from: number; to: number; allDay: boolean }, s: ClockSpan): boolean {
  if (t.allDay) return true;
  if (t.from < t.to) return s.from < t.to && t.from < s.to;
  // Over midnight: from its start to midnight, and from midnight to its end.
  return s.to > t.from || s.from < t.to;
}

/** Whether the stretch holds the whole clock span. */
function covers(t: { from: number; to: number; allDay: boolean }, s: ClockSpan): boolean {
  if (t.allDay) return true;
  if (t.from < t.to) return t.from <= s.from && s.to <= t.to;
  return s.from >= t.from || s.to <= t.to;
}

// ---------------------------------------------------------------- judging a claim by the reads

const roomsOf = (times: RoomTime[]) => [...new Set(times.map((t) => roomKey(t.roomName)))];

/**
 * How a claim is judged, by the patches of the turn's workflow: `roomlessTimes` (`free-times-read`), a
 * time said free in a claim naming no room where several were read; `days` (`claim-days`), the days it
 * names, so that only what was read of those days is held against it.
 */
export interface JudgeOptions {
  roomlessTimes?: boolean;
  days?: boolean;
  /**
   * Timestamps ("2030-01-15T14:00:00Z", as an agent's tool results give them) read as the day and clock
   * time they are in the workspace time zone, so "from …T14:00:00Z to …T15:00:00Z" is 14:00–15:00.
   * Absent (turns recorded before the `claims-by-words` patch): their dates and times were read apart.
   */
  timestamps?: boolean;
  /** The moment "today" and "tomorrow" are counted from (the workflow's time when it judges). */
  now?: string;
  /** A range of hours with no mark ("de 14 a 15", "von 14 bis 15") read as clock times (since the `bare-hours` patch; before, such a claim stated no time). */
  bareRanges?: boolean;
  /**
   * A time with a length said with it ("at 2pm for two hours") read as the stretch that long (since the `durations-read` patch;
   * before, as the time alone); `'apart'` a length set off by a comma too ("at 2pm, for two hours": `durations-apart`).
   */
  durations?: boolean | 'apart';
  /**
   * Clock times in more forms ("at noon", "at 4 o'clock", "de 2 a 4 de la tarde", "um 14.30 Uhr", "à 16 heures"), since the
   * `clock-forms` patch (`clockFormsRead`); `'unmarked'` hours with no mark too ("at 4", "from 2 to 4", "um 16", "2:30" in
   * the afternoon: `unmarkedHoursRead`, `afternoonHours`), since `unmarked-hours`.
   */
  clockForms?: boolean | 'unmarked';
  /**
   * Rooms, days and clock times said in Chinese, Japanese, Korean or Russian, and days counted ahead
   * in any language ("in two days"), read (`inLatinTerms`; since the `calendar-words` patch; before, such
   * a claim stated none of them).
   */
  calendarWords?: boolean;
  /** Weeks a claim names ("next week", "下周", "the weekend") read as their days (since the `week-days` patch; before, such a claim named no day). */
  weeks?: boolean;
  /** Weeks counted ahead ("in two weeks", "dans deux semaines", "两周后") read as the week they name (since the `weeks-ahead` patch; before, such a claim named no day). */
  weeksAhead?: boolean;
  /**
   * A range of the clock said booked ("booked for Sarah from 4 to 6pm") is held to every part of it (since the
   * `booked-throughout` patch): a part a check found free, where no booking read is, contradicts it, and a part no
   * booking read holds leaves it open (`readsLeaveOpen`). Before, a range that touched a booking read passed whole.
   */
  bookedThroughout?: boolean;
  /**
   * Identifiers ("bk_36bcc1feb0b2ab0c", a turn's id) state no day or time (since the `ids-unread` patch;
   * before, a receipt id's hex could read as one: "…1feb…" as 1 February, "…5dec…" as 5 December).
   */
  ids?: boolean;
  /**
   * A part of the day said alone, with no clock time ("this afternoon", "on Friday morning", "tonight", "heute Nachmittag",
   * "下午"), held against a write's receipt: the stretch must touch its window (`partsAlone`; since the `day-parts` patch;
   * before, such a claim stated no time, and the receipt backed it).
   */
  dayParts?: boolean;
  /**
   * A part of the day said alone, with no clock time, in a claim that a room is free or booked ("Room 3 is free on Friday
   * morning", "Sarah has Room 3 this evening", "Raum 3 ist am Vormittag frei"), held to the reads of the room (since the
   * `parts-read` patch): said free, what was read of the room in that part must not all be booked (`readsContradict`), and
   * something must have been read there (`readsLeaveOpen`); said booked, a booking read of the room must touch it (`bookedLeftOpen`).
   * Before, such a claim stated no time: a free room was judged by what was asked, a booking with no time not at all.
   */
  partsRead?: boolean;
  /**
   * Rooms a claim names that nothing of the turn backs (since the `rooms-unbacked` patch): a booking said to be in a room no
   * read looked at, or on a day no read of it touches, with no clock time ("Room 2 is booked for Tom", "Room 3 is booked on
   * Saturday"); and a room joined to a write claim's as one more written ("I booked Room 3 for Sarah and Room 2 for Tom")
   * that no receipt in `roomsWritten` is of. Before, a booking said with no time was not held to the reads, and a write
   * claim naming its receipt's room beside another passed.
   */
  roomsUnbacked?: boolean;
  /** The rooms the receipts that could back a write claim are of (their stretches before a change too), for `roomsUnbacked`. */
  roomsWritten?: readonly string[];
  /** A month and its day ending a sentence ("on January 16.") read as the day (since the `dates-at-stops` patch; before, such a claim named no day). */
  datesAtStops?: boolean;
  /**
   * Clock times in more forms (`moreClockFormsRead`, since the `clock-zones` patch): hours in four figures ("at 1600", "1600
   * hours"), a dot with no unit after a word of time ("at 16.00"), "half four", "4ish", "16 o'clock", "sixteen hundred"; and a
   * time said in another time zone than the workspace's ("2pm EST", "14:00 CET", "2pm GMT+2", "15:00 Europe/Berlin") read on
   * the workspace's clock (`zonesSaid`). Before, the first stated no time, and the second was read as the workspace's.
   */
  zones?: boolean;
}

/** An identifier as the system writes them: a word with an underscore (a booking's "bk_…"), or a UUID (a turn's, an approval's). */
const IDENTIFIER = () => new RegExp(String.raw`[\p{L}\p{N}]*_[\p{L}\p{N}_-]*|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-\d+)?`, 'giu');

/** `text` with its identifiers taken out. */
export function withoutIds(text: string): string {
  return text.replace(IDENTIFIER(), ' ');
}

/** Whether an identifier in `text` reads as a day or a clock time (a receipt id's "…1feb…"), which only the `ids-unread` patch leaves unread. */
export function idsReadAsTimes(text: string): boolean {
  return [...text.matchAll(IDENTIFIER())].some(([id]) => daysNamed(id).length > 0 || clockSpans(id).length > 0);
}

/** Whether a text names a week or the weekend, in any language answers come in, which only the `week-days` patch reads. */
export const hasWeekWords = (text: string) => [WEEKEND(), NEXT_WEEK(), THIS_WEEK()].some((re) => re.test(text)) || hasScriptWeekWords(text);

/** Whether a text holds a range of hours with no mark ("de 14 a 15"), which only the `bare-hours` patch reads as times. */
export const hasBareRange = (text: string) => BARE_RANGE().test(text);

/**
 * The rooms and clock times a claim states, as keys and spans: the rooms it names, or, naming none, the
 * room the turn read ("yes, it's free at 2pm"), when it read one (free slots it was offered elsewhere aside).
 */
function claimOf(raw: string, reads: CalendarReads, names: readonly string[], opts: JudgeOptions): Claimed {
  const { named, days, spans, text } = saidIn(raw, [...names, ...reads.times.map((t) => t.roomName)], reads.timezone, opts);
  // What was read over more than a day counts only for a claim that names its day.
  const times = reads.times.filter((t) => !t.wide || days.length > 0);
  const subjects = roomsOf(times.filter((t) => !t.offered));
  const clocks = (t: RoomTime) => (days.length ? dayPieces(t, days, reads.timezone) : [onClock(t.start, t.end, reads.timezone)]);
  // A part of the day said alone, where no clock time is (parts-read).
  const parts = opts.partsRead && spans.length === 0 ? partsAlone(text, true) : [];
  return { said: text, named, rooms: named.length ? named : subjects.length === 1 ? subjects : [], spans, days, times, clocks, parts };
}

// A timestamp as machines write it: a date, "T" or a space, a clock time, seconds and a zone optional.
const TIMESTAMP = () => /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?(?![\d:])/g;

/** `text` with each timestamp written as its date and clock time in the workspace time zone ("2030-01-15 14:00"); one without a zone is taken as written there. */
function localTimestamps(text: string, timezone: string): string {
  return text.replace(TIMESTAMP(), (whole, y: string, mo: string, d: string, h: string, mi: string, zone: string | undefined) => {
    if (!zone) return `${y}-${mo}-${d} ${h}:${mi}`;
    const at = Date.parse(whole.replace(' ', 'T'));
    if (Number.isNaN(at)) return whole;
    const iso = new Date(at).toISOString();
    const day = calendarDay(iso, timezone);
    const minutes = clockMinutes(iso, timezone);
    return `${day.year}-${pad2(day.month)}-${pad2(day.day)} ${hhmm(minutes)}`;
  });
}

/** The days (with `days`) and clock times a text with its rooms taken out states; its dates taken out before its times are read. */
function daysAndTimes(raw: string, opts: JudgeOptions, timezone: string): { days: NamedDay[]; spans: ClockSpan[] } {
  const stamped = opts.timestamps ? localTimestamps(raw, timezone) : raw;
  const bare = opts.zones ? moreClockFormsRead(stamped) : stamped;
  const clock = { bareRanges: opts.bareRanges, durations: opts.durations, forms: opts.clockForms };
  // With `zones`, a time said in another time zone, on the workspace's clock (the zone's offset then: the day "now" is).
  const onOurClock = (spans: ClockSpan[]) => (opts.zones && opts.now ? inZone(spans, zonesSaid(bare), timezone, opts.now) : spans);
  if (!opts.days) return { days: [], spans: onOurClock(clockSpans(bare, clock)) };
  const days = daysNamed(bare, { ahead: opts.calendarWords, weeks: opts.weeks, weeksAhead: opts.weeksAhead, stops: opts.datesAtStops });
  return { days: resolveDays(days, opts.now, timezone), spans: onOurClock(clockSpans(withoutDates(bare, opts.datesAtStops), clock)) };
}

// Clock times in more forms, read since the `clock-zones` patch (`JudgeOptions.zones`), each rewritten as a form read before:
// - an hour in four figures after a word of time ("at 1600", "from 0930 to 1100", "um 1600"; minutes 00, 15, 30 or 45, so
//   that a year is none, nor the end of a range of years: "from 2025 to 2030"), or before "hours" ("1600 hours", any minutes):
//   "16:00" (not before a unit of money or a count, nor a date's dash: "2030-01-15");
// - a dot between an hour and its minutes with no unit after, after a word of time ("at 16.00", "um 14.30", "alle 16.00");
// - "half four" (British English: 4:30, read as "o'clock" reads an hour: 1 to 7 in the afternoon), "4ish", "4pm-ish";
// - an hour of 13 to 24 before "o'clock" ("16 o'clock"); "thirteen hundred" to "twenty-three hundred" ("sixteen hundred hours").
const AT_WORD = String.raw`at|by|from|until|till|til|to|between|um|om|à|alle|dalle|às|a\s+las|bis|tot`;
const NOT_MONEY = String.raw`(?!\s*(?:€|\$|£|%|eur|euros?|usd|dollars?|gbp|pounds?|chf|people|persons|seats|personen|plätze|personas|personnes|persone|pessoas)(?![\p{L}]))`;
const HUNDRED_HOURS: Record<string, number> = { thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, 'twenty-one': 21, 'twenty one': 21, 'twenty-two': 22, 'twenty two': 22, 'twenty-three': 23, 'twenty three': 23 };
const MORE_FORMS = {
  fourFigures: new RegExp(String.raw`(?<![\p{L}])(?<!(?:19|20)\d\d\s{1,3})(${AT_WORD})\s+([01]\d|2[0-3])(00|15|30|45)(?:\s*(?:hours|hrs|hr|h)(?![\p{L}]))?(?![\p{N}\p{L}]|[.,:/\-–]\d)${NOT_MONEY}`, 'giu'),
  figuresHours: new RegExp(String.raw`(?<![\p{N}:.,/\-])([01]\d|2[0-3])([0-5]\d)\s*(?:hours|hrs)(?![\p{L}])`, 'giu'),
  dotted: new RegExp(String.raw`(?<![\p{L}])(${AT_WORD})\s+(\d{1,2})\.([0-5]\d)(?![\p{N}]|[.\-/]\d|\s*(?:uhr|uur|h|a\.?\s?m|p\.?\s?m)(?![\p{L}]))${NOT_MONEY}`, 'giu'),
  half: new RegExp(String.raw`(?<![\p{L}])half\s+(${EN_HOUR_WORD}|1[0-2]|[1-9])(?![\p{L}\p{N}:]|\.\d)(?!\s*(?:hours?|an?|of|past|the|people|seats)(?![\p{L}]))`, 'giu'),
  ish: new RegExp(String.raw`(?<![\p{N}:.,])(\d{1,2})(?::(\d{2}))?\s{0,2}(${AM_PM})?\s{0,2}-?\s{0,2}ish(?![\p{L}])`, 'giu'),
  oclock: new RegExp(String.raw`(?<![\p{N}:.,])(1[3-9]|2[0-4])\s*o['’]?\s?clock(?![\p{L}])`, 'giu'),
  hundred: new RegExp(String.raw`(?<![\p{L}])(${Object.keys(HUNDRED_HOURS).sort((a, b) => b.length - a.length).join('|')})\s+hundred(?:\s+hours)?(?![\p{L}])`, 'giu'),
};
/** A text's clock times in the forms `MORE_FORMS` reads, rewritten as forms read before ("at 1600" as "at 16:00"). */
function moreClockFormsRead(text: string): string {
  return text
    .replace(MORE_FORMS.fourFigures, (_, at: string, h: string, m: string) => `${at} ${Number(h)}:${m}`)
    .replace(MORE_FORMS.figuresHours, (_, h: string, m: string) => `${Number(h)}:${m}`)
    .replace(MORE_FORMS.dotted, (_, at: string, h: string, m: string) => (Number(h) <= 24 ? `${at} ${h}:${m}` : _))
    .replace(MORE_FORMS.half, (_, h: string) => {
      const n = /^\d/.test(h) ? Number(h) : hourWord(h)!;
      return `${n <= 7 ? n + 12 : n}:30`;
    })
    .replace(MORE_FORMS.ish, (_, h: string, m: string | undefined, meridiem: string | undefined) => (meridiem ? `${h}${m ? `:${m}` : ''}${meridiem}` : `${h}:${m ?? '00'}`))
    .replace(MORE_FORMS.oclock, (_, h: string) => `${h}:00`)
    .replace(MORE_FORMS.hundred, (_, w: string) => `${HUNDRED_HOURS[w.toLowerCase().replace(/\s+/g, ' ')]}:00`);
}

// A time zone said right after a time (`zonesSaid`): an offset from UTC or GMT ("GMT+2", "UTC-05:00"), UTC or GMT alone, a
// name of the IANA database ("Europe/Berlin"), or an abbreviation in capitals, read literally (CET is UTC+1 whatever the
// season: "14:00 CET" in July is 15:00 CEST). Case-sensitive: "est" is French, "EST" a zone.
const ZONE_ABBREVIATIONS: Record<string, number> = {
  UTC: 0, GMT: 0, WET: 0, WEST: 60, BST: 60, CET: 60, CEST: 120, MEZ: 60, MESZ: 120, EET: 120, EEST: 180, MSK: 180,
  EST: -300, EDT: -240, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420, AKST: -540, AKDT: -480, HST: -600,
  JST: 540, KST: 540, HKT: 480, SGT: 480, AEST: 600, AEDT: 660, NZST: 720, NZDT: 780,
};
// (The spaces are bounded: an unbounded run looked back over from every place in it made a long blank quadratic.)
const AFTER_A_TIME = String.raw`(?<=(?:\d|(?<![\p{L}])(?:[ap]\.?\s?m\.?|uhr|Uhr|h))\s{0,3}\(?\s{0,3})`;
const ZONE_SAID = () =>
  new RegExp(
    String.raw`${AFTER_A_TIME}(?:(?:UTC|GMT)\s*([+\-−])\s*(\d{1,2})(?::?([0-5]\d))?(?![\p{N}])|(${Object.keys(ZONE_ABBREVIATIONS).join('|')})(?![\p{L}+\-−])|([A-Z][a-z]+(?:_[A-Z][a-z]+)?/[A-Z][A-Za-z_]+(?:/[A-Z][A-Za-z_]+)?))`,
    'gu',
  );
// At most this many different zones are read in a text: an IANA name costs building its formatters (about 0.2 ms each on the
// workflow thread), and an answer naming all 400 of them took 100–200 ms a reading; an answer names one or two.
const ZONES_MAX = 4;
/**
 * The time zones `text` says right after a time, as an offset from UTC in minutes or an IANA name; the workspace's included.
 * Null where it says more than ZONES_MAX different ones: read as zones of several offsets.
 */
function zonesSaid(text: string): (number | string)[] | null {
  const said = [...new Set([...text.matchAll(ZONE_SAID())].map((m) => m[0].replace(/\s+/g, '')))];
  if (said.length > ZONES_MAX) return null;
  return [...text.matchAll(ZONE_SAID())].flatMap((m): (number | string)[] => {
    if (m[2] !== undefined) return [(m[1] === '+' ? 1 : -1) * (Number(m[2]) * 60 + Number(m[3] ?? 0))];
    if (m[4] !== undefined) return [ZONE_ABBREVIATIONS[m[4]]!];
    return isTimeZone(m[5]!) ? [m[5]!] : [];
  });
}
/**
 * Whether `text` says a clock time in a form `moreClockFormsRead` reads, or a time zone after a time whose offset at `now`
 * is not the workspace's: what only the `clock-zones` patch reads.
 */
export function hasMoreClockForms(text: string, timezone: string, now: string): boolean {
  if (moreClockFormsRead(text) !== text) return true;
  const zones = zonesSaid(text);
  if (zones === null) return true;
  const ours = offsetAt(timezone, now);
  return zones.some((z) => offsetAt(z, now) !== ours);
}
/** A zone's offset from UTC at a moment, in minutes. */
function offsetAt(zone: number | string, iso: string): number {
  if (typeof zone === 'number') return zone;
  const [local, utc] = [calendarDay(iso, zone), calendarDay(iso, 'UTC')];
  const days = Date.UTC(local.year, local.month - 1, local.day) - Date.UTC(utc.year, utc.month - 1, utc.day);
  return days / 60_000 + clockMinutes(iso, zone) - clockMinutes(iso, 'UTC');
}
/**
 * The spans on the workspace's clock, where the text says one time zone (or several of one offset) after its times: each
 * moved by the workspace's offset less the zone's, at `now`. A span that would cross midnight so, a text saying zones of
 * different offsets ("2pm EST (8pm CET)"), and one saying more than ZONES_MAX different zones, are left as read.
 */
function inZone(spans: ClockSpan[], zones: (number | string)[] | null, timezone: string, now: string): ClockSpan[] {
  if (zones === null || zones.length === 0 || spans.length === 0) return spans;
  const ours = offsetAt(timezone, now);
  const shifts = new Set(zones.map((z) => ours - offsetAt(z, now)));
  if (shifts.size !== 1) return spans;
  const shift = [...shifts][0]!;
  if (shift === 0) return spans;
  return spans.map((s) => (s.from + shift >= 0 && s.to + shift <= 24 * 60 ? { from: s.from + shift, to: s.to + shift } : s));
}

/** The rooms (as keys), days and clock times a text says, rooms known by `known`; read in Latin terms with `calendarWords`. */
function saidIn(raw: string, known: readonly string[], timezone: string, opts: JudgeOptions): { named: string[]; days: NamedDay[]; spans: ClockSpan[]; text: string } {
  const plain = opts.ids ? withoutIds(raw) : raw;
  const text = opts.calendarWords ? inLatinTerms(plain, { weeks: opts.weeks, weeksAhead: opts.weeksAhead, unmarked: opts.clockForms === 'unmarked' }) : plain;
  return { named: roomsNamed(text, known), ...daysAndTimes(withoutRooms(text, known), opts, timezone), text };
}

/** Whether a claim states a range of the clock, read as the reads are held against it (what the `booked-throughout` patch judges). */
export function statesRange(raw: string, known: readonly string[], timezone: string, opts: JudgeOptions): boolean {
  return rangesHeld(saidIn(raw, known, timezone, opts).spans).length > 0;
}

/** A claim as the reads are held against it: its rooms, times and days, what was read that can speak to it, and each stretch's clock time on the days it names. */
interface Claimed {
  /** The claim's text as read (in Latin terms, its ids taken out). */
  said: string;
  named: string[];
  rooms: string[];
  spans: ClockSpan[];
  days: NamedDay[];
  times: RoomTime[];
  clocks: (t: RoomTime) => OnClock[];
  /** The parts of the day it says alone, with no clock time, where they are read (`partsRead`). */
  parts: { said: string; window: ClockSpan }[];
}

/**
 * Why the reads of the turn contradict a claim that a room is free (`kind` "available") or that a
 * booking exists ("exists"), or null. The claim's rooms are those it names (or, naming none, the one
 * room the turn read, free slots offered elsewhere aside); its times those it states. Contradicted: a
 * time it says is free that a booking read occupies and no read found free; a room it says is free, with
 * no time, that the turn's checks of it found only booked (no listing; slots offered at other times do
 * not make what was asked free); a room it names that no read of the turn looked at
 * (and no listing ran); a time it says is booked that a check found free and nothing occupies (not
 * once the turn wrote). Naming no room where several were read (`roomlessTimes`, since the
 * `free-times-read` patch): a time it says is free that a booking read occupies and no room was read free at.
 */
export function readsContradict(text: string, kind: 'available' | 'exists', reads: CalendarReads, names: readonly string[] = [], opts: JudgeOptions = {}): string | null {
  const changed = new Set(reads.changed);
  const { named, rooms, spans, days, times: usable, clocks, parts } = claimOf(text, reads, names, opts);
  // What was read of the days the claim names (all of it, naming none), and still holds.
  const times = usable.filter((t) => !(t.state === 'booked' && t.bookingId && changed.has(t.bookingId)) && onDays(days, t.start, t.end, reads.timezone));
  if (times.length === 0 && (kind === 'exists' || usable.length === 0)) return null;
  const covering = (t: RoomTime, s: ClockSpan) => clocks(t).some((c) => covers(c, s));
  const overlapping = (t: RoomTime, s: ClockSpan) => clocks(t).some((c) => overlaps(c, s));
  const at = (t: RoomTime) => `${t.roomName}, ${formatRange(t.start, t.end, reads.timezone)}`;
  const bookingOf = (t: RoomTime) => (t.written ? `this turn booked ${at(t)} itself` : `this turn read a booking of ${at(t)}`);
  const ofRoom = (r: string) => times.filter((t) => roomKey(t.roomName) === r);
  if (kind === 'exists') {
    if (reads.wrote || spans.length === 0) return null;
    const throughout = asBooked(text, opts).bookedThroughout;
    const held = throughout ? rangesHeld(spans) : [];
    for (const r of rooms) {
      const own = ofRoom(r);
      // What the bookings read of the room hold, asked only where a range is held to every part (booked-throughout).
      const booked = held.length > 0 ? own.filter((t) => t.state === 'booked').flatMap(clocks) : [];
      for (const s of spans) {
        const free = own.find((t) => t.state === 'free' && covering(t, s));
        if (free && !own.some((t) => t.state === 'booked' && overlapping(t, s))) return free.written ? `this turn's own write left ${at(free)} free` : `this turn's check found ${at(free)} free`;
        // Since booked-throughout: a part of a range no booking read holds that a check found free.
        if (!held.includes(s)) continue;
        const gaps = leftOut(booked, s);
        const freeThen = own.find((t) => t.state === 'free' && gaps.some((g) => overlapping(t, g)));
        if (freeThen) return `this turn's check found ${at(freeThen)} free`;
      }
    }
    return null;
  }
  if (rooms.length === 0) {
    // No room to hold the claim to (several were read): it is contradicted only when nothing read was
    // free, or (`roomlessTimes`), at a time it states, when a booking read occupies it and no room was read free then.
    if (reads.listed || times.length === 0) return null;
    if (spans.length === 0) return times.every((t) => t.state === 'booked') ? `every availability this turn read was booked (${times.slice(0, 3).map(at).join('; ')})` : null;
    if (!opts.roomlessTimes) return null;
    const free = times.filter((t) => t.state === 'free');
    for (const s of spans) {
      const taken = times.find((t) => t.state === 'booked' && overlapping(t, s));
      if (taken && !free.some((f) => covering(f, s))) return `${bookingOf(taken)}, and no room free then`;
    }
    return null;
  }
  for (const r of rooms) {
    const own = ofRoom(r);
    const free = own.filter((t) => t.state === 'free');
    const booked = own.filter((t) => t.state === 'booked');
    if (!reads.times.some((t) => roomKey(t.roomName) === r)) {
      if (named.includes(r) && !reads.listed) return `this turn read nothing of ${r}`;
      continue;
    }
    // All that was read of it was changed or cancelled by this turn.
    if (own.length === 0) continue;
    if (spans.length === 0) {
      // A part of the day said alone (parts-read): what was read of the room in it, all booked.
      for (const p of parts) {
        const then = own.filter((t) => overlapping(t, p.window));
        if (then.length && then.every((t) => t.state === 'booked')) return `${bookingOf(then[0]!)}, and nothing free in "${p.said}" (${saySpan(p.window)})`;
      }
      // With no time, the claim is about what was asked: what the checks of it found, not the slots offered instead.
      const asked = own.filter((t) => !t.offered);
      if (asked.length && asked.every((t) => t.state === 'booked') && !reads.listed) return `this turn's ${asked.every((t) => t.written) ? 'own write left' : 'check found'} ${asked.slice(0, 3).map(at).join('; ')} booked`;
      continue;
    }
    for (const s of spans) {
      const taken = booked.find((t) => overlapping(t, s));
      if (taken && !free.some((f) => covering(f, s))) return bookingOf(taken);
    }
  }
  return null;
}

/** `minute` as the clock shows it ("09:05"). */

/** The parts of the clock span the stretches, joined, leave out: none where they hold it whole. */
function leftOut(stretches: { from: number; to: number; allDay: boolean }[], s: ClockSpan): ClockSpan[] {
  if (stretches.some((t) => t.allDay)) return [];
  // On one day's clock: a stretch over midnight is two, from its start to midnight and from midnight to its end.
  const pieces = stretches
    .flatMap((t) => (t.from < t.to ? [[t.from, t.to]] : [[t.from, 1440], [0, t.to]]))
    .filter(([a, b]) => a! < b!)
    .sort((a, b) => a[0]! - b[0]!);
  const out: ClockSpan[] = [];
  let reach = s.from;
  for (const [a, b] of pieces) {
    if (reach >= s.to) break;
    if (a! > reach) out.push({ from: reach, to: Math.min(a!, s.to) });
    reach = Math.max(reach, b!);
  }
  if (reach < s.to) out.push({ from: reach, to: s.to });
  return out;
}

/** A range of the clock, not a single time ("from 4 to 6pm", "14:00–15:00"; "at 4pm" and "until 7pm" are one minute). */
const isRange = (s: ClockSpan) => s.to - s.from > 1;
/**
 * The ranges of a claim held to every part (booked-throughout): not one that holds another time the claim states, which is a
 * window the booking is said to be in ("Between 1 and 4pm, Room 3 is booked from 2 to 3pm", "booked 2–3pm (checked 1–4pm)").
 */
const rangesHeld = (spans: ClockSpan[]) =>
  spans.filter((s) => isRange(s) && !spans.some((o) => o !== s && s.from <= o.from && o.to <= s.to && (o.from !== s.from || o.to !== s.to)));
// A claim that a room is not free, or unavailable, over a range ("Room 3 isn't free from 1 to 3pm", "nicht frei", "no está
// libre", "unavailable"), or booked in part of it ("partially booked from 1 to 4pm", "teilweise belegt"), is true where a
// booking holds any part of it; one that says a room free too ("booked 2-3pm and free 3-4pm", as a verifier may list it)
// says which part is which. None is held to every part (booked-throughout).
const NOT_ALL_FREE = new RegExp(
  String.raw`(?<![\p{L}])(?:not|never|no|n['’]t|nicht|kein\p{L}*|nie|nunca|ne|n['’]|pas|não|nao|non|niet|geen|не|нет|unavailable|indisponib\p{L}*|недоступ\p{L}*|free|available|open|frei|verfügbar|libre|disponible|liber[oa]|disponibile|livre|disponível|vrij|beschikbaar|свобод\p{L}*|partial\p{L}*|partly|part\s+of|teilweise|zum\s+Teil|parcial\p{L}*|en\s+partie|partiel\p{L}*|parzial\p{L}*|in\s+parte|gedeeltelijk|частичн\p{L}*)(?![\p{L}])|\p{L}n['’]t(?![\p{L}])|不|没|沒|空|部分|一部|ません|않|없|비어|일부`,
  'iu',
);
/** The options a claim that a booking is there is judged with: not held to every part of a range where it says a room free or not free. */
const asBooked = (text: string, opts: JudgeOptions): JudgeOptions => (opts.bookedThroughout && NOT_ALL_FREE.test(text) ? { ...opts, bookedThroughout: false } : opts);

/** Whether the stretches, joined where they meet or overlap, hold the whole clock span. */
function coveredTogether(stretches: { from: number; to: number; allDay: boolean }[], s: ClockSpan): boolean {
  return leftOut(stretches, s).length === 0;
}

/**
 * Why the reads of the turn do not back a time a claim says a room is free, or null: a time of a room
 * the turn checked (its own range read, not only offered as a slot) that none of the stretches read free
 * of it holds, the slots offered in it included ("free at 5pm" after a check of 14:00–15:00 read nothing
 * at 5pm). With `kind` "exists", a time a claim says a room is booked that no stretch read of it touches
 * ("also booked at 5pm" after the same check). Not judged after a listing (which finds a room free by
 * absence) or once the turn changed or cancelled a booking (which frees its time). `readsContradict`
 * comes first: this is for what no read said either way.
 */
export function readsLeaveOpen(text: string, reads: CalendarReads, names: readonly string[] = [], opts: JudgeOptions = {}, kind: 'available' | 'exists' = 'available'): string | null {
  if (reads.listed || reads.changed.length > 0) return null;
  const claim = claimOf(text, reads, names, opts);
  if (kind === 'exists') return bookedLeftOpen(claim, reads.timezone, asBooked(text, opts), opts.roomsUnbacked ? roomsNotApart(claim.said, [...names, ...reads.times.map((t) => t.roomName)]) : undefined);
  const { rooms, spans, days, times, clocks, parts } = claim;
  const onDay = (t: RoomTime) => onDays(days, t.start, t.end, reads.timezone);
  const on = onTheDays(days);
  if (rooms.length === 0 && roomsOf(times.filter((t) => !t.offered)).length > 1) {
    // Naming no room where several were checked: a day, or a time, no room was read free at.
    const free = times.filter((t) => t.state === 'free' && onDay(t)).flatMap(clocks);
    if (days.length && !times.some(onDay)) return `this turn read no room${on} (it read ${roomsOf(times).length} rooms)`;
    const open = spans.find((s) => !coveredTogether(free, s));
    return open ? `this turn read no room free${on} at ${saySpan(open)} (it read ${roomsOf(times).length} rooms)` : null;
  }
  for (const r of rooms) {
    const all = times.filter((t) => roomKey(t.roomName) === r);
    // A room only offered as a free slot, or (for a claim naming no day) read only over more than a day: what was read of it is not its whole range.
    if (!all.some((t) => !t.offered)) continue;
    const read = whatWasRead(all, reads.timezone);
    const own = all.filter(onDay);
    if (own.length === 0) return `this turn read nothing of ${all[0]!.roomName}${on} (it read ${read})`;
    // A part of the day said alone (parts-read): nothing read of the room touches it.
    const part = parts.find((p) => !own.some((t) => clocks(t).some((c) => overlaps(c, p.window))));
    if (part) return `this turn read nothing of ${all[0]!.roomName}${on} in "${part.said}" (${saySpan(part.window)}; it read ${read})`;
    const free = own.filter((t) => t.state === 'free').flatMap(clocks);
    const open = spans.find((s) => !coveredTogether(free, s));
    if (!open) continue;
    return `this turn read nothing of ${all[0]!.roomName}${on} at ${saySpan(open)} (it read ${read})`;
  }
  return null;
}

/** A clock span as a reason says it ("17:00", "15:00–18:00"). */
const saySpan = (s: ClockSpan) => `${hhmm(s.from)}${s.to - s.from > 1 ? `–${hhmm(s.to)}` : ''}`;
/** " on Saturday", or nothing when no day is named. */
const onTheDays = (days: NamedDay[]) => (days.length ? ` on ${sayDays(days)}` : '');

/** What was read of a room, as the model sent back is told: at most six stretches (a week's check may have read forty). */
const whatWasRead = (times: RoomTime[], timezone: string) =>
  [...times.slice(0, 6).map((t) => `${formatRange(t.start, t.end, timezone)} ${t.state}`), ...(times.length > 6 ? ['…'] : [])].join('; ');

/**
 * For a claim that a booking is there: a room it names that no read looked at, or a time of a room it names (or the room
 * the turn checked) that nothing read of that room touches; since booked-throughout, a part of a range it names that no
 * booking read of that room holds ("booked for Sarah from 4 to 6pm" after the turn's own booking of 16:00–17:00).
 */
function bookedLeftOpen({ named, rooms, spans, days, times, clocks, parts }: Claimed, timezone: string, opts: JudgeOptions = {}, claimed?: string[]): string | null {
  const on = onTheDays(days);
  // The rooms judged where no clock time is said: those it names not set apart (rooms-unbacked: "instead of Room 2").
  const notApart = claimed && named.length ? rooms.filter((k) => claimed.includes(k)) : rooms;
  // A part of the day said alone (parts-read): no booking read of a room it names (or the room checked) touches it.
  for (const p of parts) {
    for (const r of notApart) {
      const all = times.filter((t) => roomKey(t.roomName) === r);
      if (all.length === 0 || !all.some((t) => !t.offered)) continue;
      const booked = all.filter((t) => t.state === 'booked' && onDays(days, t.start, t.end, timezone));
      if (!booked.some((t) => clocks(t).some((c) => overlaps(c, p.window)))) return `this turn read no booking of ${all[0]!.roomName}${on} in "${p.said}" (${saySpan(p.window)}; it read ${whatWasRead(all, timezone)})`;
    }
  }
  if (spans.length === 0) {
    if (!opts.roomsUnbacked) return null;
    // With no clock time (since `rooms-unbacked`): a room it names (not set apart: "instead of Room 2") that no read looked
    // at, or a day it names that no read of the room touches.
    for (const r of notApart) {
      const all = times.filter((t) => roomKey(t.roomName) === r);
      if (all.length === 0) return `this turn read nothing of ${r}`;
      if (!all.some((t) => !t.offered)) continue;
      if (days.length && !all.some((t) => onDays(days, t.start, t.end, timezone))) return `this turn read nothing of ${all[0]!.roomName}${on} (it read ${whatWasRead(all, timezone)})`;
    }
    return null;
  }
  for (const r of rooms) {
    const all = times.filter((t) => roomKey(t.roomName) === r);
    // A room the claim names that no read of the turn looked at.
    if (all.length === 0) return `this turn read nothing of ${r}`;
    if (!all.some((t) => !t.offered)) continue;
    const own = all.filter((t) => onDays(days, t.start, t.end, timezone));
    const open = spans.find((s) => !own.some((t) => clocks(t).some((c) => overlaps(c, s))));
    if (open) return `this turn read nothing of ${all[0]!.roomName}${on} at ${saySpan(open)} (it read ${whatWasRead(all, timezone)})`;
    if (!opts.bookedThroughout) continue;
    const booked = own.filter((t) => t.state === 'booked').flatMap(clocks);
    const gap = rangesHeld(spans).flatMap((s) => leftOut(booked, s))[0];
    if (gap) return `this turn read no booking of ${all[0]!.roomName}${on} at ${saySpan(gap)} (it read ${whatWasRead(all, timezone)})`;
  }
  return null;
}

/**
 * Why a write claim's rooms or times are not its receipt's, or null: a room it names that is neither
 * the receipt's nor (for a change) the one before; a time it states that neither stretch holds (a
 * booking's end time counts as in it).
 */
export function receiptContradicts(raw: string, receipt: ReceiptDetail, timezone: string, names: readonly string[] = [], opts: JudgeOptions = {}): string | null {
  const stretches = [receipt, ...(receipt.previous ? [receipt.previous] : [])];
  const { named: rooms, days, spans, text } = saidIn(raw, [...names, ...stretches.map((x) => x.roomName)], timezone, opts);
  const keys = stretches.map((x) => roomKey(x.roomName));
  const what = stretches.map((x) => `${x.roomName}, ${formatRange(x.start, x.end, timezone)}`).join(', before that ');
  if (rooms.length && !rooms.some((r) => keys.includes(r))) return `it names ${rooms.join(', ')} where the receipt is of ${what}`;
  // A room joined to the receipt's as one more written, that no receipt that could back it is of (since `rooms-unbacked`).
  if (opts.roomsUnbacked && rooms.length > 1) {
    const joined = roomJoined(text, [...names, ...stretches.map((x) => x.roomName)], new Set([...keys, ...(opts.roomsWritten ?? []).map(roomKey)]));
    if (joined) return `it names ${joined} beside the receipt's room as written too, where no receipt of this conversation is of ${joined} (the receipt is of ${what})`;
  }
  // The days it names (`days`): one of the stretches must fall on one.
  if (days.length && !stretches.some((x) => onDays(days, x.start, x.end, timezone))) return `it says ${sayDays(days)} where the receipt is of ${what}`;
  // Each time the claim states, a range's two ends apart ("moved from 2pm to 4pm" names the stretch
  // before and the one after): each must fall in one of the stretches, its end time included.
  const times = spans.flatMap((s) => (s.to - s.from <= 1 ? [s.from] : [s.from, s.to]));
  const inside = (minute: number) =>
    stretches.some((x) => {
      const t = onClock(x.start, x.end, timezone);
      const to = t.to === 0 ? 1440 : t.to;
      return t.allDay || (t.from < to ? t.from <= minute && minute <= to : minute >= t.from || minute <= to);
    });
  const off = times.find((m) => !inside(m));
  if (off !== undefined) return `it says ${hhmm(off)} where the receipt is of ${what}`;
  // With `dayParts`, a part of the day said with no clock time: one of the stretches must touch its window.
  if ((opts.dayParts || opts.partsRead) && spans.length === 0) {
    const part = partsAlone(text, opts.partsRead).find((p) => !stretches.some((x) => overlaps(onClock(x.start, x.end, timezone), p.window)));
    if (part) return `it says "${part.said}" where the receipt is of ${what}`;
  }
  return null;
}

/**
 * Whether `raw` speaks of a stretch of a room's time: it names the room, a day the stretch falls on
 * (`opts.days`, counted from `opts.now`), or a clock time inside it (its end excluded: "free from 3pm"
 * after 14:00–15:00 is the next hour), and no other room, day or time ("Room 2, now on 23 Jun at 16:00"
 * speaks of another stretch of Room 2). Read as a write claim is (`receiptContradicts`), with the same options.
 * `only.when`: and it names a day or a time of the stretch, not its room alone.
 */
export function namesStretch(raw: string, stretch: ReceiptDetail, timezone: string, names: readonly string[] = [], opts: JudgeOptions = {}, only: { when?: boolean } = {}): boolean {
  const said = saidIn(raw, [...names, stretch.roomName], timezone, opts);
  // `when`: only where it names a day or a time of it, not its room alone.
  return namesOf(said, stretch, timezone) && (!only.when || said.days.length > 0 || said.spans.length > 0);
}

/** `namesStretch` for each of `stretches`, the text read once (their rooms among `names` too). */
export function stretchesNamed(raw: string, stretches: readonly ReceiptDetail[], timezone: string, names: readonly string[] = [], opts: JudgeOptions = {}): boolean[] {
  const said = saidIn(raw, [...names, ...stretches.map((x) => x.roomName)], timezone, opts);
  return stretches.map((x) => namesOf(said, x, timezone));
}

function namesOf({ named: rooms, days, spans }: ReturnType<typeof saidIn>, stretch: ReceiptDetail, timezone: string): boolean {
  const room = rooms.includes(roomKey(stretch.roomName));
  if (rooms.length && !room) return false;
  const day = days.length > 0 && onDays(days, stretch.start, stretch.end, timezone);
  if (days.length && !day) return false;
  const t = onClock(stretch.start, stretch.end, timezone);
  const time = spans.some((s) => overlaps(t, s));
  if (spans.length && !time) return false;
  return room || day || time;
}

/**
 * The lines a turn says instead of prose its reads contradict: each stretch read, free or booked, room by room (in the
 * order read), by time; with `holderOf`, a booking's holder after it ("booked (alice)").
 */
export function readLines(times: RoomTime[], timezone: string, words: { free: string; booked: string }, max = 8, holderOf?: (t: RoomTime) => string | null): string[] {
  const rooms = [...new Set(times.map((t) => t.roomName))];
  const ordered = [...times].sort((a, b) => rooms.indexOf(a.roomName) - rooms.indexOf(b.roomName) || Date.parse(a.start) - Date.parse(b.start));
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const t of ordered) {
    const holder = t.state === 'booked' ? holderOf?.(t) : null;
    const line = `- ${t.roomName}, ${formatRange(t.start, t.end, timezone)}: ${t.state === 'free' ? words.free : words.booked}${holder ? ` (${holder})` : ''}`;
    if (seen.has(line)) continue;
    seen.add(line);
    lines.push(line);
  }
  return lines.length > max ? [...lines.slice(0, max), '- …'] : lines;
}
