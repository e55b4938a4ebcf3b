/**
 * Rooms said to be someone's at a time (the `holdings-said` patch): "Sarah has Room 3 from 2 to 4pm", "You have Room 3
 * on Friday at 2pm", "Sarah is in Room 3 from 2 to 4pm", "Room 3 is Sarah's until 5pm", "Sarah hat Raum 3 von 14 bis 16
 * Uhr", "Sarah tiene la sala 3 de 14 a 16", "Vous avez la salle 3 vendredi à 14 h", "Room 3: Sarah, Friday 14:00–16:00".
 * Each says a booking of that room is there then: a claim of a booking (`exists`), held to what the turn read and wrote
 * like any other, so a booking said longer than the one written, or at an hour nothing read, is not backed.
 *
 * Before, the words read no claim in them (no state word, no write verb): only a verifier that listed them held them, and
 * one that listed nothing let "Sarah has Room 3 from 2 to 4pm" reach the user after a booking of 14:00–15:00.
 *
 * Read only where it can be held to something: the room named, and a clock time or a day said with it. Conservative as
 * the other readings of words: a sentence that supposes or waits for an approval ("once Bob approves, Sarah has Room 3
 * at 2pm"), a clause that asks, offers or wants, and a holding denied ("Sarah doesn't have Room 3 at 4pm") give none. A
 * person is a capitalised name, a pronoun, or a name in lower case that is one of the people the turn knows of (`people`:
 * "sarah has Room 3 from 2 to 4pm", as a model writing in lower case says it). Whose booking it is, is not judged here: "You have Room 3 at 2pm" to someone
 * other than its holder is for the holders' readings (domain/holder-words.ts), which know whose booking a conflict met.
 * In Chinese, Japanese, Korean and Russian, the sentence whole is read with its rooms, days and times in Latin terms
 * (`SCRIPT_HOLDINGS`). Pure, and read in the verifier's activity with the answer's other words (domain/answer-words.ts).
 */
import { BOOKED, BOOKED_MORE, CLAUSE_BREAK, clockMasked, DENIED, FREE, FREE_MORE, NOT_A_FACT, readPart, sentencesOf, SUPPOSED, WAITING, wordClaim } from './claim-words.js';
import { clockSpans, daysNamed, escapeRegExp, hasLength, MONTH_WORDS, roomsNamed, WEEKDAY_WORDS, withoutRooms } from './calendar.js';
import { inLatinTerms } from './calendar-words.js';
import { scriptSentencesSaid } from './claim-words-scripts.js';
import type { Claim } from './verify.js';

const B = String.raw`(?<![\p{L}\p{N}'’])`;
const E = String.raw`(?![\p{L}\p{N}])`;
// A name: a capitalised word (checked after the match, since the patterns ignore case; of "Sarah Lee", "Lee").
const NAME = String.raw`(\p{L}[\p{L}\p{M}'’-]*)`;
// Capitalised words that are no one's name: pronouns (read by their own patterns), rooms, days, openers.
const NOT_A_NAME = String.raw`the|a|an|my|our|your|his|her|their|it|this|that|there|here|who|what|which|nobody|noone|everyone|everybody|someone|somebody|anyone|one|each|nothing|something|team|room|raum|sala|salle|zaal|stanza|today|tomorrow|tonight|now|also|still|yes|no|so|and|but|i|we|you|she|he|they|sie|er|es|du|ihr|wir|ich|man|elle|il|ils|elles|on|vous|tu|nous|ella|él|el|ellos|ellas|usted|ustedes|lei|lui|loro|voi|ela|ele|eles|elas|você|vocês|zij|ze|hij|je|jij|u|wij|het|dat|dit|leider|derzeit|aktuell|jetzt|heute|morgen|dann|also|auch|noch|schon|bereits|ja|nein|sí|si|ya|hoy|ahora|oui|aujourd|maintenant|già|oggi|ora|sim|já|hoje|agora|ja|nu|vandaag|al|nog|${WEEKDAY_WORDS}|${MONTH_WORDS}`;
const ADV = String.raw`(?:(?:still|already|now|also|officially|definitely|all|noch|schon|bereits|jetzt|nun|auch|ya|todavía|aún|ahora|también|déjà|bien|maintenant|aussi|già|ancora|ora|anche|já|ainda|agora|também|al|nog|nu|ook)\s+)*`;
// "Room 3" and its kin, its number marked too ("Room № 3": `numberMarksRead`).
const ROOM = String.raw`(?:room|raum|sala|salle|zaal|stanza)\s+(?:№\s*|#\s*)?(?:\d{1,3}|[A-Z])`;
// The room held: one of the rooms the conversation has seen by name, or "Room 3" and its kin, with an article.
const room = (names: readonly string[]) => {
  const named = names.filter((n) => n.trim() !== '').map((n) => escapeRegExp(n).replace(/\s+/g, String.raw`\s+`));
  return String.raw`(?:(?:the|den|dem|die|la|el|le|il|a|o|de)\s+)?(?:${[ROOM, ...named].join('|')})${E}`;
};
// What may stand between a German or Dutch verb and its object ("Sarah hat am Freitag von 14 bis 16 Uhr Raum 3").
const BETWEEN = String.raw`(?:[^,.;:!?\n]{1,40}?\s)?`;

// A holding by a person named, in each language: the verb after the name (and in German and Dutch, before it too).
const NAMED = [
  String.raw`${NAME}(?:\s+${ADV}(?:has(?:\s+got)?|holds|got|took|occupies|uses|secured|snagged|grabbed|is\s+(?:all\s+)?set\s+(?:up\s+)?(?:in|for)|is\s+in|will\s+be\s+in|will\s+have|is\s+using|will\s+be\s+using|gets|is\s+booked\s+into)|['’](?:s\s+(?:got|in|all\s+set\s+(?:in|for)|booked\s+into)|ll\s+(?:have|be\s+in|be\s+using)))\s+${ADV}`,
  String.raw`${NAME}\s+${ADV}(?:hat|ist\s+${BETWEEN}in|heeft|zit\s+${BETWEEN}in|is\s+in)\s+${BETWEEN}`,
  String.raw`${B}(?:hat|heeft)\s+${NAME}\s+${ADV}${BETWEEN}`,
  String.raw`${NAME}\s+${ADV}(?:tiene|tendrá|está\s+en|estará\s+en|a|aura|est\s+dans|sera\s+dans|ha|avrà|è\s+in|sarà\s+in|tem|terá|está\s+na|estará\s+na|fica\s+com|ficou\s+com)\s+${ADV}`,
].map((p) => `${B}${p}`);
// A holding by a pronoun, or a verb with none (Spanish, Italian, Portuguese at a clause's start).
const PRONOUNS = [
  String.raw`(?:you\s+${ADV}(?:have(?:\s+got)?|will\s+have|are\s+(?:all\s+)?set\s+(?:up\s+)?(?:in|for)|are\s+in|will\s+be\s+in|are\s+using)|you['’](?:ve\s+got|re\s+(?:all\s+)?set\s+(?:up\s+)?(?:in|for)|re\s+in|ll\s+have|ll\s+be\s+in))\s+${ADV}`,
  String.raw`(?:(?:she|he)\s+${ADV}(?:has(?:\s+got)?|is\s+in|will\s+be\s+in|will\s+have)|they\s+${ADV}(?:have(?:\s+got)?|are\s+in|will\s+be\s+in|will\s+have)|(?:she|he)['’]s\s+(?:got|in)|they['’](?:ve\s+got|re\s+in))\s+${ADV}`,
  String.raw`(?:(?:du|ihr)\s+${ADV}(?:hast|habt|bist\s+${BETWEEN}in|seid\s+${BETWEEN}in)|(?:hast\s+du|habt\s+ihr))\s+${ADV}${BETWEEN}`,
  String.raw`(?:(?:sie|er)\s+${ADV}(?:hat|haben|ist\s+${BETWEEN}in|sind\s+${BETWEEN}in)|(?:hat|haben)\s+(?:sie|er))\s+${ADV}${BETWEEN}`,
  String.raw`(?:vous\s+${ADV}(?:avez|aurez|êtes\s+dans|serez\s+dans)|tu\s+${ADV}(?:as|auras|es\s+dans|seras\s+dans))\s+${ADV}`,
  String.raw`(?:elle|il|elles|ils)\s+${ADV}(?:a|ont|aura|auront|est\s+dans|sont\s+dans|sera\s+dans)\s+${ADV}`,
  String.raw`(?:jij|je|u)\s+${ADV}(?:hebt|heeft|zit\s+${BETWEEN}in)\s+${ADV}${BETWEEN}|(?:heb|hebt|heeft)\s+(?:jij|je|u)\s+${ADV}${BETWEEN}`,
  String.raw`(?:zij|ze|hij)\s+${ADV}(?:heeft|hebben|zit\s+${BETWEEN}in|zitten\s+${BETWEEN}in)\s+${ADV}${BETWEEN}|heeft\s+(?:zij|ze|hij)\s+${ADV}${BETWEEN}`,
  // With a verb alone at the clause's start, or after its pronoun.
  String.raw`^\s*(?:(?:sí|sim|sì|ja|yes|ok|okay)[,!]?\s+)?(?:(?:tú|usted|ustedes|tu|voi|você|vocês)\s+)?${ADV}(?:tienes|tiene|tienen|tendrás|tendrá|estás\s+en|está\s+en|estarás\s+en|hai|avete|avrai|sei\s+in|sarai\s+in|tens|tem|têm|terás|terá|estás\s+na|está\s+na)\s+${ADV}`,
  String.raw`(?:ella|él|ellos|ellas|lei|lui|loro|ela|ele|eles|elas)\s+${ADV}(?:tiene|tienen|tendrá|está\s+en|estará\s+en|ha|hanno|avrà|è\s+in|sarà\s+in|tem|têm|terá|está\s+na|estará\s+na)\s+${ADV}`,
].map((source) => `${B}(?:${source})`);
// The room as the subject, said to be someone's: "Room 3 is Sarah's", "belongs to Sarah", "gehört Sarah", "es de Sarah",
// "est à Sarah", "è di Sarah", "é de Sarah", "is van Sarah"; "is hers", "gehört ihr", "est à elle", "é dela", "is van haar".
const OF_SOMEONE = String.raw`\s+${ADV}(?:(?:is|['’]s)\s+${ADV}(?:${NAME}['’]s|hers|his|theirs)|belongs\s+to\s+(?:${NAME}|her|him|them)|gehört\s+${ADV}(?:[^,.;:!?\n]{1,40}?\s(?:${NAME}|ihr|ihm)(?=\s*(?:[.,;!]|$))|${NAME}|ihr|ihm)|es\s+de\s+${NAME}|est\s+à\s+(?:${NAME}|elle|lui)|è\s+di\s+${NAME}|é\s+(?:de\s+${NAME}|dela|dele)|is\s+van\s+(?:${NAME}|haar|hem))${E}`;

// Clauses, as the write patterns part them (`CLAUSE_BREAK`), but not at a dash before a figure ("from 2 – 4pm").
const BREAK = CLAUSE_BREAK.replace(String.raw`\s[-–—]\s`, String.raw`\s[-–—]\s(?!\d)`);
// A clause after a holding that only offers more help ("…, let me know if you need anything"): it supposes nothing of it.
const ASIDE = String.raw`^\s*(?:(?:and|just|please|und|y|et|e|en)\s+)?(?:let\s+me\s+know|feel\s+free|just\s+ask|tell\s+me|sag\s+(?:mir\s+)?bescheid|melde?\s+dich|avísame|avisame|dime|dites-moi|faites-moi\s+savoir|fammi\s+sapere|me\s+avise|laat\s+(?:het\s+)?(?:me\s+)?(?:het\s+)?weten)`;
// What asks, offers, wants or waits in the clause that holds it; not the future ("Sarah will have Room 3 at 2pm" says it is so).
const FUTURE = new Set(['will', 'wird', 'werden', 'será', 'sera', 'estará', 'estara', 'seront', 'serão', 'serao', 'sarà', 'sara', 'zal', 'zullen', 'wordt', 'going\\s+to', 'vas?\\s+a', 'voy\\s+a', 'vais', 'va', 'vou']);
const NOT_HELD = `${B}(?:${NOT_A_FACT.split('|').filter((w) => !FUTURE.has(w)).join('|')})${E}`;
const STATES = `${B}(?:${FREE}|${BOOKED}|${FREE_MORE}|${BOOKED_MORE})${E}`;

// Built once (none global, so they keep no position between uses).
const CAPITALISED = new RegExp(String.raw`^\p{Lu}`, 'u');
const NOT_A_NAME_WORD = new RegExp(`^(?:${NOT_A_NAME})$`, 'iu');
const DENIED_WORD = new RegExp(DENIED, 'iu');
/** The patterns a text is read with (`holdingsSaid`). */
interface Readers {
  holds: (clause: string) => boolean;
  isName: (name: string) => boolean;
  label: RegExp;
  breaks: RegExp;
  states: RegExp;
  notHeld: RegExp;
  aside: RegExp;
  supposed: RegExp;
}
/**
 * Whether a word names a person: capitalised, or (in lower case, as some models write) one of the words of the names of
 * `people`; never a word that names no one ("the", "who", "Room", a day).
 */
const isName = (name: string, people: ReadonlySet<string>) => {
  const word = name.replace(/['’]$/u, '');
  return (CAPITALISED.test(word) || people.has(word.toLowerCase().replace(/['’]s$/u, ''))) && !NOT_A_NAME_WORD.test(word);
};
/** The words of the names of the people the turn knows of, in lower case ("Sarah Lee": "sarah", "lee"). */
const NOT_OF_A_NAME = new RegExp(String.raw`[^\p{L}\p{M}'’-]+`, 'u');
const nameWords = (people: readonly string[]) => new Set(people.flatMap((p) => p.toLowerCase().split(NOT_OF_A_NAME)).filter((w) => w.length > 1));

/**
 * The holdings `text` says, each a claim of a booking there (`exists`): `names` the rooms the conversation has seen by name,
 * `people` those the turn knows of (whom its writes were for, whom its reads found, the asker), whose names count in lower case too.
 */
export function holdingsSaid(text: string, names: readonly string[] = [], people: readonly string[] = []): Claim[] {
  const out: Claim[] = [];
  // The patterns, built once for the text (the global ones run by `matchAll`, on a copy: they keep no position).
  const roomPattern = room(names);
  const label = new RegExp(String.raw`^\P{L}*${roomPattern}\s*(?::|\s[-–—|·]\s)\s*${NAME}\s*(?:[,;|·(]|\s[-–—]\s)`, 'iu');
  const known = nameWords(people);
  const isPerson = (name: string) => isName(name, known);
  const read: Readers = { holds: holdsIn(roomPattern, isPerson), isName: isPerson, label, breaks: new RegExp(BREAK, 'giu'), states: new RegExp(STATES, 'iu'), notHeld: new RegExp(NOT_HELD, 'iu'), aside: new RegExp(ASIDE, 'iu'), supposed: new RegExp(`${SUPPOSED}|${WAITING}`, 'iu') };
  // A sentence said again, but for its number in a list ("1号：…", "Note 2: …"), is read once: the same claim, judged once.
  const once = () => {
    const seen = new Set<string>();
    return (sentence: string) => {
      const key = sentence.replace(LIST_LABEL, '');
      return !seen.has(key) && Boolean(seen.add(key));
    };
  };
  const fresh = once();
  for (const sentence of sentencesOf(readPart(text))) {
    if (!fresh(sentence)) continue;
    const held = labelled(sentence, names, read) ?? heldIn(sentence, names, read);
    if (held) out.push(wordClaim(held, 'exists'));
  }
  // In Chinese, Japanese, Korean and Russian: the sentence whole, read with its rooms, days and times in Latin terms.
  const scripted = scriptSentencesSaid(readPart(text), once());
  const holds = scripted.length > 0 ? scriptHoldsIn(roomPattern) : () => false;
  for (const sentence of scripted) {
    const latin = inLatinTerms(sentence, { unmarked: true });
    if (!out.some((c) => c.text.includes(sentence)) && holds(latin) && anchored(latin, names)) out.push(wordClaim(sentence, 'exists'));
  }
  return out;
}

// A list's label before a sentence: "1号：", "2. ", "Note 3: ", "4) ".
const LIST_LABEL = new RegExp(String.raw`^\s*(?:\p{L}{1,12}\s*)?\d+\s*(?:号|號|番)?\s*[.)、:：]\s*`, 'u');

// A person in these scripts' sentences: a name in Latin letters, a Russian one (capitalised), or one before an honorific.
const LATIN_NAME = String.raw`\p{Script=Latin}[\p{Script=Latin}'’-]*`;
// Each holding, on the sentence with its room as "Room 3" (`inLatinTerms`); {ROOM} stands for the room (`room`).
const SCRIPT_HOLDINGS = [
  // Chinese: "Sarah周五14:00到16:00有3号会议室", "您有3号会议室", "Sarah在3号会议室", "3号会议室是Sarah的", "3号会议室归Sarah".
  String.raw`(?:${LATIN_NAME}|您|你|他|她|他们|她们|他們|她們)[^，。,；;]{0,30}?(?:有|在|用|使用|占用|佔用|拥有|擁有)\s*(?:了\s*)?{ROOM}`,
  String.raw`{ROOM}[^，。,；;]{0,20}?(?:是|归|歸|属于|屬於)\s*(?:${LATIN_NAME}|您|你|他|她)\s*的?`,
  // Japanese: "Sarahさんは14時から16時まで会議室3を使います", "会議室3はSarahさんのものです".
  String.raw`(?:${LATIN_NAME}|[\p{Script=Han}\p{Script=Katakana}]{1,8}(?=\s*(?:さん|様|さま)))\s*(?:さん|様|さま)?\s*(?:は|が)[^、。,]{0,30}?{ROOM}\s*(?:を|に|で)\s*(?:使います|使っています|使用します|使用しています|利用します|利用しています|押さえています|押さえました|確保しています|確保しました|持っています|います)`,
  String.raw`{ROOM}\s*は[^、。,]{0,20}?(?:${LATIN_NAME}|[\p{Script=Han}\p{Script=Katakana}]{1,8}(?=\s*(?:さん|様)))\s*(?:さん|様)?\s*の(?:もの|予約)`,
  // Korean: "Sarah님은 14시부터 16시까지 3번 회의실을 사용합니다", "3번 회의실은 Sarah님의 것입니다".
  String.raw`(?:${LATIN_NAME}\s*(?:님|씨)?|\p{Script=Hangul}{1,8}\s*(?:님|씨))\s*(?:은|는|이|가|께서)[^,.]{0,30}?{ROOM}\s*(?:을|를|에서|에|은|는)?\s*(?:사용|이용|가지고|확보|씁|써)`,
  String.raw`{ROOM}\s*(?:은|는)[^,.]{0,20}?(?:${LATIN_NAME}|\p{Script=Hangul}{1,8})\s*(?:님|씨)?\s*의\s*(?:것|예약)`,
  // Russian: "У Сары переговорная 3 с 14:00 до 16:00", "У вас переговорная 3 …", "Сара занимает переговорную 3", "Переговорная 3 принадлежит Саре".
  String.raw`(?<![\p{L}])[Уу]\s+(?:\p{Lu}\p{Ll}+|него|неё|нее|них|вас|тебя)\s+[^,.;]{0,30}?{ROOM}`,
  String.raw`(?<![\p{L}])(?:\p{Lu}\p{Ll}+|вы|ты|он|она|они)\s+(?:занима\p{L}*|использу\p{L}*|сидит\s+в|находится\s+в|будет\s+в)\s+{ROOM}`,
  String.raw`{ROOM}\s+[^,.;]{0,20}?(?:принадлежит|за)\s+\p{Lu}\p{Ll}+`,
];
// A holding denied: "没有", "不", "ません", "ない", "않", "없", "не".
const SCRIPT_DENIED = new RegExp(String.raw`没|沒|不|未|无|無|ません|ない|なかった|않|없|못|(?<![\p{L}])(?:не|нет|ни)(?![\p{L}])`, 'u');

/**
 * Whether a sentence of these scripts, its rooms in Latin terms, says a person holds a room (`roomPattern`), not denied in
 * its clause: its patterns built once for a text (none global).
 */
function scriptHoldsIn(roomPattern: string): (latin: string) => boolean {
  const patterns = SCRIPT_HOLDINGS.map((source) => new RegExp(source.replace('{ROOM}', roomPattern), 'iu'));
  return (latin) =>
    patterns.some((pattern) => {
      const m = pattern.exec(latin);
      // Denied in it, or after it in its clause (Japanese and Korean deny at the end: "사용하지 않습니다").
      return m !== null && !SCRIPT_DENIED.test(latin.slice(m.index).split(/[，。,；;]/u)[0]!);
    });
}

/** A room's label and a person, with a time: "Room 3: Sarah, Friday 14:00–16:00", "Room 3 — Sarah — 2–4pm". */
function labelled(sentence: string, names: readonly string[], read: Readers): string | null {
  const m = read.label.exec(sentence);
  if (!m || !read.isName(m[1]!) || /[?¿]/.test(sentence) || !anchored(sentence, names)) return null;
  return read.states.test(sentence.slice(m[0].length)) ? null : sentence;
}

/** The first holding a sentence says, with the clauses around it that say only when; null where it supposes or waits. */
function heldIn(sentence: string, names: readonly string[], read: Readers): string | null {
  const { holds } = read;
  const masked = clockMasked(sentence);
  const spans: [number, number][] = [];
  let at = 0;
  for (const b of masked.matchAll(read.breaks)) {
    spans.push([at, b.index]);
    at = b.index + b[0].length;
  }
  spans.push([at, masked.length]);
  const clauses = spans.map(([from, to]) => sentence.slice(from, to));
  // Asides aside, a sentence that supposes or waits for an approval anywhere says no holding.
  const rest = clauses.filter((c) => !read.aside.test(c)).join(', ');
  if (read.supposed.test(rest)) return null;
  for (let i = 0; i < clauses.length; i++) {
    if (!holds(clauses[i]!)) continue;
    // When said in the clauses next to it: one before that says only that ("On Friday, Sarah has Room 3 …"), up to three after,
    // a length among them ("…, for two hours": durations-apart reads it with the time).
    const when = (c: string | undefined) => c !== undefined && c.trim().length <= 60 && !/[?¿]/.test(c) && !read.states.test(c) && roomsNamed(c, names).length === 0 && (anchored(c, names) || hasLength(c)) && !holds(c);
    let [from, to] = [i, i];
    if (when(clauses[i - 1])) from = i - 1;
    while (to - i < 3 && when(clauses[to + 1])) to++;
    const said = sentence.slice(spans[from]![0], spans[to]![1]).trim();
    return read.notHeld.test(clauses.slice(from, to + 1).join(' ')) || !anchored(said, names) ? null : said;
  }
  return null;
}

/**
 * Whether a clause says a person holds a room (`roomPattern`), not where it asks or denies it: its patterns built once for a
 * text (each use of one by `matchAll` works on a copy, so they keep no position between clauses).
 */
function holdsIn(roomPattern: string, isPerson: (name: string) => boolean): (clause: string) => boolean {
  const tries = [
    ...NAMED.map((p) => ({ pattern: new RegExp(`${p}${roomPattern}`, 'giu'), named: true })),
    ...PRONOUNS.map((p) => ({ pattern: new RegExp(`${p}${roomPattern}`, 'giu'), named: false })),
    { pattern: new RegExp(`${B}${roomPattern}${OF_SOMEONE}`, 'giu'), named: true },
  ];
  // The room first: most clauses name none, and then no pattern needs trying.
  const roomHere = new RegExp(roomPattern, 'iu');
  return (clause) => {
    if (/[?¿]/.test(clause) || !roomHere.test(clause)) return false;
    for (const { pattern, named } of tries) {
      for (const m of clause.matchAll(pattern)) {
        const name = m.slice(1).find((g) => g !== undefined);
        if (named && name !== undefined && !isPerson(name)) continue;
        return !deniedNear(clause, m);
      }
    }
    return false;
  };
}

/**
 * Whether a negation stands in the match, within 12 characters before it, or after it in its clause ("Sarah doesn't have
 * Room 3", "Sarah hat Raum 3 am Freitag nicht mehr": German and Dutch say it late).
 */
const deniedNear = (clause: string, m: RegExpMatchArray) => DENIED_WORD.test(clause.slice(Math.max(0, m.index! - 12)));

/** Whether words name a clock time or a day, so there is something to hold a holding to. */
const anchored = (part: string, names: readonly string[]) => clockSpans(withoutRooms(part, names), { bareRanges: true, forms: 'unmarked', more: true }).length > 0 || daysNamed(part).length > 0;
