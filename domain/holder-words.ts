/**
 * Whose booking an answer says a stretch is, against whose the turn read it (the `holders-named` patch).
 *
 * A question of what is free ("Does Sarah have Room 3 at 2pm?", "Is Room 3 free at 2pm?"); the turn read Room 3 at 2pm
 * booked for Alice and tried no write; the answer says "Yes, Sarah has Room 3 at 2pm", "Room 3 is booked for Sarah at
 * 2pm", or to Bob, "You have Room 3 at 2pm". Each says a booking is there, which the read backs, and whose it is, which
 * the read contradicts. Read here: for each stretch read booked for someone, and each other person the turn knows of
 * (the holders it read anywhere, the people the question names, those the answer itself says hold a booking, the asker)
 * whom the answer names, the sentences that
 * speak of a booking of that stretch for them as there (`undoneEchoes`, as a booking asked for and never tried, its
 * holder read); kept where the sentence names that person (the asker: "you", "your") and none of the stretch's holders.
 * A sentence that names the holder read ("Alice has it, so Sarah can't"), says the person does not have it, asks or
 * offers passes, as after a booking asked for and never tried.
 *
 * A holder the answer makes up from nothing is found by the words around the name ("John has", "booked by John",
 * "John's", a German sentence's subject before "hat": `holdersSaid`), and after "for" and its kin ("booked for Mike",
 * "für Jonas reserviert": `holdersFor`) unless it is a word of the title of a booking read ("booked for Planning" where
 * one is titled so). Pure data in and out, read in the verifier's activity with the answer's other words
 * (domain/answer-words.ts).
 */
import type { Claim } from './verify.js';
import { escapeRegExp, roomKey, stretchesNamed, type ReceiptDetail } from './calendar.js';
import { askedFor, NB, NE, NOT_A_PERSON, NOT_ASKED_FOR, peopleFound, roomAskedFor, secondPerson, undoneEchoes, type EchoOptions, type UndoneWrite } from './undone-words.js';

/** What a turn asks of the holders its answer names. */
export interface HoldersAsked {
  /** The stretches read booked, each with whom its bookings are for, and whether one of those is the asker (`owns`). */
  booked: { stretch: ReceiptDetail; holders: string[]; askers: boolean }[];
  /** Everyone the turn read holding a booking, of any stretch. */
  people: string[];
  /** The asker's name, where the turn has an identity: "you" names them. */
  asker: string | null;
  /** The question: the people it names are known too. */
  question: string;
  /** The titles of the bookings read: a word of one after "for" names no one ("booked for Planning"). Absent: none read. */
  titles?: string[];
  /**
   * A sentence judged room by room (since `writes-whose`, where the turn's own writes are among `booked`): one naming a
   * room's holder no longer passes where it gives another room's booking to someone else. Absent: all it names as one.
   */
  byRoom?: boolean;
  options: EchoOptions;
}

// How the sentences' rooms, days and times are read: as the readings after a write not done read them (undone-words.ts).
const READ_AS_ECHOES = { days: true, timestamps: true, bareRanges: true, calendarWords: true, weeks: true, weeksAhead: true } as const;

// Words a question or an answer in lower case may put where a name goes, which name no one: articles, determiners, "everything".
const NOT_A_WORD_OF_A_NAME = String.raw`the|a|an|my|your|our|his|her|their|its|this|that|these|those|some|any|every|each|all|everything|everyone|everybody|der|die|das|den|dem|ein|eine|el|la|los|las|le|les|il|lo|gli|o|os|as|de|het|een|mein|meine|mi|mon|ma|mio|mia|meu|minha|mijn`;
// Words of a name that say nothing of whom ("Team", "Room", "You", "Who"), as for a person asked for (undone-words.ts).
// (`peopleFound` rules the days and months out too.)
const NOT_A_NAME = String.raw`${NOT_A_PERSON}|${NOT_ASKED_FOR}|who|what|which|anyone|anybody|someone|somebody|it|there|that|this`;
const NAME = String.raw`(\p{Lu}[\p{Ll}\p{M}]+(?:-\p{Lu}?[\p{Ll}\p{M}]+)?)`;
// A person the question asks of as a holder, beside those `askedFor` and `roomAskedFor` find ("for Sarah", "Can Sarah
// have"): "Does Sarah have", "Is Sarah in", "Sarah's meeting", "Hat Sarah", "¿Tiene Sarah", "Heeft Sarah".
const HOLDER_ASKED = [
  String.raw`(?<![\p{L}])(?:[Dd]oes|[Dd]id|[Hh]as|[Ii]s|[Ww]as|[Ww]ill|[Hh]at|[Hh]atte|[Ii]st|[Tt]iene|[Tt]em|[Hh]eeft|[Hh]a)\s+${NAME}\s`,
  String.raw`(?<![\p{L}])${NAME}['’]s\s`,
  String.raw`(?<![\p{L}])${NAME}\s+(?:has|have|had|holds|booked|reserved|hat|tiene|tem|heeft|a|ha)(?![\p{L}])`,
  // In Chinese, Japanese and Korean, a Latin name beside the script's words ("Sarah周五有3号会议室吗", "是Sarah的").
  String.raw`(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]\s?)${NAME}|(?<![\p{L}])${NAME}(?=\s?[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])`,
].join('|');

// A person an answer says holds a booking, by the words around the name: "Bob has", "Bob's", "booked by Bob", "belongs to
// Bob", "Bob tiene", "Bob a", "Bob ha", "Bob tem", "Bob heeft" (an adverb between: "Bob still has", "Juan ya tiene"), "Bob is
// in", "von Bob gebucht", "gehört Bob", "es de Bob", "est à Bob", "è di Bob", "prenotata da Bob", "é de Bob", "is van Bob",
// "hat Bob", a German sentence's subject before "hat" ("Jonas hat Raum 3", `GERMAN_FIRST`), and a Latin name beside
// Chinese, Japanese or Korean words. A name after "for" is read apart (`HOLDER_FOR`): a booking's title is said so too.
const HOLDER_SAID = [
  String.raw`(?<![\p{L}])${NAME}\s+(?:(?:still|already|now|also|currently|todavía|ya|aún|ancora|già|ainda|já|nog|al)\s+)?(?:has|holds|had|booked|reserved|took|got|is\s+using|uses|occupies|is\s+in|will\s+be\s+in|tiene|tenía|reservó|a|avait|ha|aveva|tem|tinha|heeft|had)(?![\p{L}])`,
  String.raw`(?<![\p{L}])${NAME}['’]s(?![\p{L}])`,
  // A German or Dutch subject after its verb ("am Freitag hat Jonas Raum 3", "vrijdag heeft Jonas zaal 3").
  String.raw`(?<![\p{L}])(?:hat|hatte|heeft)\s+${NAME}(?![\p{L}])`,
  String.raw`(?<![\p{L}])(?:by|belongs\s+to|von|gehört|por|par|door|es\s+de|est\s+à|è\s+di|é\s+de|is\s+van|da)\s+${NAME}`,
  String.raw`(?<![\p{L}])an\s+${NAME}\s+vergeben`,
  String.raw`(?<=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]\s?)${NAME}|(?<![\p{L}])${NAME}(?=\s?[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])`,
].join('|');
// A German sentence's subject before "hat": "Jonas hat Raum 3 …", "Jonas hat den Raum schon gebucht", "Jonas hat bereits
// Raum 3". A German sentence may open with any capitalised word before its verb ("Leider hat jemand …", "Derzeit hat Alice
// …"), so the first word (after "Nein, " or "Ja, " too) is taken only where what follows "hat" is no subject of its own: a word in lower case other than
// a pronoun ("den", "bereits", "schon", not "jemand", "sie"), or a room ("Raum 3"); and not an adverb (`NOT_SAID_NAME`).
const GERMAN_FIRST = String.raw`(?<=(?:^|[.!?:;]\s{1,3}|\n\s{0,3})(?:(?:Nein|Ja|Doch|Okay|OK|Gut|Hallo),\s+)?)${NAME}\s+(?:hat|hatte)\s+(?!(?:jemand|niemand|sie|er|es|man|keiner|keine|wer|einer|eine|schon\s+jemand|bereits\s+jemand|noch\s+jemand)(?![\p{L}]))(?=\p{Ll}|\p{Lu}\p{Ll}*\s+\d)`;
// A person an answer names after "for" and its kin ("booked for Bob", "für Jonas gebucht", "reservada para Juan",
// "réservée pour Jean", "prenotata per Luca", "geboekt voor Jan", "a nombre de Juan", "au nom de Jean"): a holder too,
// unless a word of a booking's title the turn read ("booked for Planning" where a booking read is titled "Planning").
// "For" and its kin before the name in every language but German, whose "für" the participle follows ("für Jonas gebucht").
const FOR = String.raw`for|para|pour|per|voor|a\s+nombre\s+de|au\s+nom\s+de|a\s+nome\s+di|em\s+nome\s+de`;
const HOLDER_FOR = String.raw`(?<![\p{L}])(?:${FOR}|op\s+naam\s+van|für|auf\s+den\s+Namen)\s+${NAME}(?![\p{L}\p{N}])`;
// The same after a booking's participle ("reserved for Mike", "für Jonas reserviert", "reservada para Juan"): a clause read
// apart says by it that someone holds the booking, where "I tried to book Room 3 for Sarah, but …" does not.
const BOOKED = String.raw`booked|reserved|taken|held|blocked|gebucht|reserviert|vergeben|belegt|reservad[oa]|ocupad[oa]|réservée?|prise?|prenotat[oa]|occupat[oa]|geboekt|gereserveerd|bezet`;
const HOLDER_BOOKED_FOR = String.raw`(?<![\p{L}])(?:${BOOKED})\s+(?:(?:already|now|still|schon|bereits|ya|déjà|già|já|al)\s+)?(?:${FOR})\s+${NAME}(?![\p{L}\p{N}])|(?<![\p{L}])(?:für|auf\s+den\s+Namen)\s+${NAME}\s+(?:${BOOKED})(?![\p{L}])`;
// Words an answer capitalises before those that are no one's name: pronouns, contractions ("It's", "Let's"), and a
// sentence's first words ("Yes", "Unfortunately"; the adverbs before a verb with no subject: "Ainda tem", "Todavía tiene";
// before a German or Dutch verb with its subject after it: "Leider hat jemand", "Helaas heeft iemand").
const NOT_SAID_NAME = String.raw`${NOT_A_NAME}|she|he|they|nobody|noone|one|everything|nothing|here|what|let|where|when|how|why|yes|no|unfortunately|currently|also|but|and|so|ok|okay|sure|sorry|il|elle|ils|elles|lui|ella|ellos|ellas|usted|lei|lui|ela|ele|eles|você|hij|zij|ze|het|er|dat|dit|wie|er|es|das|der|die|still|already|now|today|todavía|todavia|aún|aun|ya|también|hoy|ahora|sí|ainda|já|também|hoje|agora|sim|ancora|già|anche|oggi|ora|adesso|sì|noch|schon|bereits|auch|heute|jetzt|nog|al|ook|vandaag|nu|toujours|encore|déjà|aussi|maintenant|oui|cela|ceci|ça|on|tout|rien|personne|quelqu['’]un|qui|nessuno|qualcuno|chi|questo|quello|tutto|niente|nadie|alguien|quién|quien|esto|eso|todo|nada|ninguém|alguém|quem|isso|isto|tudo|niemand|iemand|jemand|keiner|wer|leider|derzeit|momentan|aktuell|zurzeit|allerdings|außerdem|trotzdem|dann|also|damit|morgen|nun|dort|hier|insgesamt|ebenfalls|jedoch|gerade|somit|deshalb|daher|zudem|dafür|stattdessen|nein|ja|genau|dieser|diese|dieses|diesen|jeder|wer|helaas|momenteel|daarom|dan|toch|nee|inmiddels|ondertussen|misschien|vielleicht|eventuell|natürlich|sicher`;

/** Whether `word` is a word of a title in `titles` (or one a word of them begins, or it begins: "Kundentermine", "Kundentermin"). */
const ofTitles = (titles: readonly string[]) => {
  const words = titles.flatMap((t) => t.toLowerCase().split(new RegExp(String.raw`[^\p{L}\p{N}]+`, 'u'))).filter((w) => w.length >= 2);
  return (word: string) => {
    const w = word.toLowerCase();
    return words.some((t) => t === w || (Math.min(t.length, w.length) >= 4 && (t.startsWith(w) || w.startsWith(t))));
  };
};

// Words of a month or a day that are first names too ("Jan hat Raum 3", "Marco ha la sala 3", "Julio tiene …", "June has
// …"): a name where the words around it say it holds a booking and no figure follows it. Not after "for" (`HOLDER_FOR`),
// where "booked for June" is a date.
const NAMES_AS_DATES = 'jan|april|abril|may|mai|mei|june|august|augustus|marco|julio|domingo';

/** The people `answer` says hold a booking, by the words around their names (`HOLDER_SAID`, `GERMAN_FIRST`). */
export function holdersSaid(answer: string, roomNames: readonly string[] = []): string[] {
  return notRooms(peopleFound(answer, `${HOLDER_SAID}|${GERMAN_FIRST}`, NOT_SAID_NAME, NAMES_AS_DATES), roomNames);
}

// A word in lower case where a holder's name goes, in an answer written so ("no, john has room 3 …", "room 3 is john's until
// 5pm"): before a verb of holding and a room or "it" ("has room 3", "still has it", "hat raum 3", "tiene la sala 3"), or
// after "is" before "'s" at a word's end. Not after an article or a possessive ("the team has room 3", "your meeting's"); the
// words that name no one (`NOT_SAID_NAME`, `NOT_A_WORD_OF_A_NAME`, `NOT_ASKED_FOR`) are ruled out after (`lowerHoldersSaid`).
const AFTER_NO_ARTICLE = String.raw`(?<![\p{L}'’])(?<!(?:${NOT_A_WORD_OF_A_NAME})\s+)`;
const LOWER_HOLDER = new RegExp(
  String.raw`${AFTER_NO_ARTICLE}(\p{Ll}[\p{Ll}\p{M}]+)(?=\s+(?:(?:still|already|now|also|currently|schon|bereits|noch|ya|todavía|ainda|já|nog|al)\s+)?(?:has|holds|is\s+using|uses|occupies|hat|hatte|tiene|tenía|tem|tinha|heeft|had)\s+(?:(?:got|the|la|el|a|den|die|das|het|de)\s+)?(?:[Rr]oom|[Rr]aum|[Ss]ala|[Ss]alle|[Zz]aal|[Ss]aal|it|that\s+one)(?![\p{L}]))|(?<=(?:is|was|are)\s+)(\p{Ll}[\p{Ll}\p{M}]+)(?=['’]s(?![\p{L}]))`,
  'gu',
);

const LOWER_GERMAN_START = new RegExp(String.raw`(?<=(?:^|[.!?:;]\s{1,3}|\n\s{0,3}))(?:nein|ja|doch)(?=,\s+\p{Lu}[\p{Ll}\p{M}]+\s+(?:hat|hatte)\s)`, 'gu');

/**
 * The people an answer written in lower case says hold a booking, where a holder's name goes (`LOWER_HOLDER`), read as
 * `holdersSaid` reads them once those words are capitalised (so with those it finds anyway): "no, john has room 3 on friday
 * from 2 to 3pm." names John, though no one the turn knows of.
 */
export function lowerHoldersSaid(answer: string, roomNames: readonly string[] = []): string[] {
  const noOne = new RegExp(`^(?:${NOT_SAID_NAME}|${NOT_A_WORD_OF_A_NAME}|${NOT_ASKED_FOR}|else|other|others|another|none)$`, 'iu');
  const upper = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  // The German answer's "nein, …" and "ja, …" too, so that the subject after them is read as a capitalised one is (`GERMAN_FIRST`).
  const capitalised = answer.replace(LOWER_HOLDER, (word: string) => (noOne.test(word) ? word : upper(word))).replace(LOWER_GERMAN_START, upper);
  if (capitalised === answer) return [];
  return holdersSaid(capitalised, roomNames).filter((n) => !noOne.test(n));
}

/**
 * The people `answer` names after "for" and its kin (`HOLDER_FOR`; `booked`: only after a booking's participle,
 * `HOLDER_BOOKED_FOR`), but a word of a booking's title read (`titles`).
 */
export function holdersFor(answer: string, roomNames: readonly string[] = [], titles: readonly string[] = [], booked = false): string[] {
  const titled = ofTitles(titles);
  return notRooms(peopleFound(answer, booked ? HOLDER_BOOKED_FOR : HOLDER_FOR, NOT_SAID_NAME), roomNames).filter((n) => !titled(n));
}

const notRooms = (people: string[], roomNames: readonly string[]) => {
  const roomWords = new Set(roomNames.flatMap((n) => n.toLowerCase().split(/\s+/u)));
  return [...new Set(people)].filter((n) => !roomWords.has(n.toLowerCase()));
};

/**
 * The people `question` names as someone a booking may be for. A question written in lower case ("does sarah have room 3
 * on friday at 2pm?") is read as if each word were capitalised, but the words that name no one ("the", "everything").
 */
export function peopleAsked(question: string): string[] {
  const ruledOut = new RegExp(`^(?:${NOT_A_NAME})$`, 'iu');
  const forWhom = [askedFor(question), roomAskedFor(question)].filter((n): n is string => n !== null && !ruledOut.test(n));
  const asked = [...forWhom, ...peopleFound(question, HOLDER_ASKED, NOT_A_NAME)];
  if (new RegExp(String.raw`(?<!^\P{L}*)\p{Lu}`, 'u').test(question)) return asked;
  const capitalised = question.replace(new RegExp(String.raw`(?<![\p{L}'’])\p{Ll}`, 'gu'), (c) => c.toUpperCase());
  const noOne = new RegExp(`^(?:${NOT_SAID_NAME}|${NOT_A_WORD_OF_A_NAME})$`, 'iu');
  return [...asked, ...peopleFound(capitalised, HOLDER_ASKED, NOT_A_NAME).filter((n) => !noOne.test(n))];
}

// A clause's end inside a sentence, before a word that draws a consequence or a contrast (", so …", ", but …", ", daher …",
// ", donc …", ", así que …"): read apart too, so that "Room 3 is booked by Bob at 2pm, so I couldn't book it for Sarah"
// says whose Room 3 is in its first clause, whatever the second says of the write.
const CLAUSE_END = String.raw`,\s+(?=(?:so|but|and\s+so|which\s+means|therefore|hence|thus|daher|deshalb|aber|sodass|weshalb|weswegen|donc|mais|alors|así\s+que|pero|por\s+lo\s+que|por\s+eso|quindi|ma|perciò|per\s+cui|então|mas|por\s+isso|portanto|dus|maar)\s)`;
const clausesApart = (text: string) => text.replace(new RegExp(CLAUSE_END, 'giu'), '; ');

/** Whether `text` names `person`: the name whole, or any word of it of two letters or more ("Alice" names "Alice Chen"). */
const namer = (person: string) => {
  const words = [person.trim(), ...person.trim().split(/\s+/u)].filter((w) => w.length >= 2);
  return new RegExp(`${NB}(?:${[...new Set(words)].map(escapeRegExp).join('|')})${NE}`, 'iu');
};

/**
 * The sentences of `text` that say a stretch read booked is someone else's than whose the turn read it (`HoldersAsked`):
 * each a claim that a booking is there ("exists"), with whom the read found holding it (`holdersRead`), which the reads
 * then contradict.
 */
export function wrongHolders(text: string, asked: HoldersAsked): Claim[] {
  const you = secondPerson(asked.options.language);
  const { timezone, names, now } = asked.options;
  // Each person's pattern by name, made once; in the answer, the asker's names them or "you".
  const byName = new Map<string, RegExp>();
  const plain = (p: string) => byName.get(p) ?? byName.set(p, namer(p)).get(p)!;
  const asker = asked.asker ? new RegExp(`${plain(asked.asker).source}|${you.source}`, 'iu') : null;
  const named = (p: string) => (p === asked.asker && asker ? asker : plain(p));
  // Whom the turn knows of, and whom the answer says holds a booking (a name made up from nothing is someone else too).
  const titled = ofTitles(asked.titles ?? []);
  const lower = lowerHoldersSaid(text, names).filter((n) => !titled(n));
  const known = [...new Set([...asked.people, ...peopleAsked(asked.question), ...holdersSaid(text, names), ...lower, ...holdersFor(text, names, asked.titles)].map((p) => p.trim()).filter((p) => p.length >= 2))];
  // Those the answer names, each looked for once.
  const people = [...new Set([...known, ...(asked.asker ? [asked.asker] : [])])].filter((p) => named(p).test(text));
  // Each stretch with the others the answer names: not a holder of it, nor sharing a word of a name with one; the asker
  // ("you") where it is not theirs.
  const stretches = asked.booked.map(({ stretch, holders, askers }) => {
    const theirs = holders.map(plain);
    const others = people.filter((p) => (p === asked.asker && !askers) || (known.includes(p) && !holders.some((h) => plain(h).test(p) || plain(p).test(h)))).map(named);
    return { stretch, holders, others, heldNamed: (x: string) => theirs.some((n) => n.test(x)) || (askers && you.test(x)) };
  });
  // The sentences that speak of a booking for someone the answer names as there, read in one pass: for each room, a write
  // for each such person over all its stretches to judge (as a booking asked for and never tried, the others' holders
  // read); each sentence found is then held to the stretches it names, whole.
  const rooms = new Map<string, (typeof stretches)[number][]>();
  for (const x of stretches.filter((y) => y.others.length > 0)) rooms.set(x.stretch.roomName, [...(rooms.get(x.stretch.roomName) ?? []), x]);
  const writes = [...rooms].flatMap(([roomName, xs]) => {
    const start = xs.map((x) => x.stretch.start).sort()[0]!;
    const end = xs.map((x) => x.stretch.end).sort().at(-1)!;
    const holders = [...new Set(xs.flatMap((x) => x.holders))];
    return people.map((p): UndoneWrite => ({ kind: 'booked', stretch: { roomName, start, end }, bookedFor: p, outcome: 'untried', bookedThen: true, said: [], heldBy: holders.filter((h) => h !== p), untried: true }));
  });
  if (writes.length === 0) return [];
  const out = new Map<string, Claim>();
  // The sentences whole; and, where a clause ends before a consequence or a contrast, each clause apart, a clause taken only
  // where it says someone holds a booking by the words around their name ("booked by Bob", "Bob has"): so "I tried to book
  // Room 3 for Sarah, but Alice has it" is still no claim, while "Room 3 is booked by Bob, so I couldn't book it" is one.
  const whole = undoneEchoes(text, writes, asked.options);
  const apart = clausesApart(text);
  const clauses =
    apart === text
      ? []
      : undoneEchoes(apart, writes, asked.options).filter((c) => (holdersSaid(c.text, names).length > 0 || holdersFor(c.text, names, asked.titles, true).length > 0) && !whole.some((w) => w.text.includes(c.text.replace(/;$/u, ''))));
  for (const c of [...whole, ...clauses]) {
    if (out.has(c.text)) continue;
    // The stretches the sentence names as a whole (a part of it may name a room the sentence gives another time): it
    // names someone else than their holders, and none of those.
    const naming = stretchesNamed(c.text, stretches.map((x) => x.stretch), timezone, names, { ...READ_AS_ECHOES, now });
    const at = stretches.filter((_, i) => naming[i]);
    if (at.length === 0) continue;
    // Room by room (`byRoom`): a room it names none of whose stretches' holders it names, and someone else for each ("Bob
    // has Room 3, so I booked Room 2 for Sarah": Room 3 is Alice's, whatever Room 2's holder it names). Else all it names as one.
    const rooms = asked.byRoom ? [...new Set(at.map((x) => roomKey(x.stretch.roomName)))].map((k) => at.filter((x) => roomKey(x.stretch.roomName) === k)) : [at];
    const wrong = rooms.filter((xs) => !xs.some((x) => x.heldNamed(c.text)) && xs.every((x) => x.others.some((o) => o.test(c.text))));
    if (wrong.length === 0) continue;
    out.set(c.text, { text: c.text, kind: 'exists', receiptId: null, whose: null, byWords: true, holdersRead: [...new Set(wrong.flat().flatMap((x) => x.holders))] });
  }
  return [...out.values()];
}
