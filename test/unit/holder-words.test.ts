/**
 * Whose booking an answer says a stretch read booked is (domain/holder-words.ts, the holders-named patch): a sentence
 * that gives it to someone the turn knows of other than whom it read it booked for is a claim the reads contradict; one
 * that names the holder read, says the person does not have it, asks or offers, or names no one the turn knows of, is not.
 */
import { describe, expect, it } from 'vitest';
import { holdersSaid, lowerHoldersSaid, peopleAsked, wrongHolders, type HoldersAsked } from '../../domain/holder-words.js';
import { readWords } from '../../domain/answer-words.js';
import { unbackedClaims } from '../../domain/verify.js';
import { readsSay } from '../../domain/outcomes.js';

const friday = (hm: string) => `2026-12-11T${hm}:00.000Z`;
const ROOM_3 = { roomName: 'Room 3', start: friday('14:00'), end: friday('15:00') };
/** Room 3 on Friday 14:00–15:00 read booked for Alice; Bob holds another booking read; `asker` asks `question`. */
const asked = (question: string, language: string, asker: string | null = 'Carol'): HoldersAsked => ({
  booked: [{ stretch: ROOM_3, holders: ['Alice'], askers: asker === 'Alice' }],
  people: ['Alice', 'Bob'],
  asker,
  question,
  options: { names: ['Room 1', 'Room 2', 'Room 3', 'Room 4'], timezone: 'UTC', now: '2026-12-07T09:00:00.000Z', nothingDone: true, language },
});
const QUESTIONS: Record<string, string> = {
  en: 'Does Sarah have Room 3 on Friday at 2pm?',
  de: 'Hat Sarah am Freitag um 14 Uhr Raum 3?',
  es: '¿Tiene Sarah la sala 3 el viernes a las 14?',
  fr: 'Sarah a-t-elle la salle 3 vendredi à 14 h ?',
  it: 'Sarah ha la sala 3 venerdì alle 14?',
  nl: 'Heeft Sarah zaal 3 op vrijdag om 14:00?',
  zh: 'Sarah周五下午2点有3号会议室吗？',
  ja: 'Sarahさんは金曜14時に会議室3を使いますか？',
};
/** The question of what is free (no one named), in each language the made-up holders are said in. */
const FREE: Record<string, string> = {
  en: 'Is Room 3 free on Friday at 2pm?',
  de: 'Ist Raum 3 am Freitag um 14 Uhr frei?',
  es: '¿Está libre la sala 3 el viernes a las 14?',
  fr: 'La salle 3 est-elle libre vendredi à 14 h ?',
  it: 'La sala 3 è libera venerdì alle 14?',
  pt: 'A sala 3 está livre na sexta às 14h?',
};
const held = (lang: string, text: string, asker?: string | null) => wrongHolders(text, asked(QUESTIONS[lang]!, lang, asker));

describe('wrongHolders (holders-named)', () => {
  it('a stretch read booked for Alice, said to be Sarah\'s (the question\'s), Bob\'s (another read\'s) or the asker\'s: a claim of a booking there, with whom the read found', () => {
    const claims: [string, string][] = [
      ['en', 'Yes, Sarah has Room 3 on Friday at 2pm.'],
      ['en', "Room 3 is Sarah's on Friday at 2pm."],
      ['en', 'Room 3 is booked for Sarah on Friday at 2pm.'],
      ['en', 'Room 3 is not free on Friday at 2pm: Sarah booked it.'],
      ['en', 'Sarah is in Room 3 on Friday at 2pm.'],
      ['en', 'Bob reserved Room 3 for Friday at 2pm.'],
      ['en', 'Carol has Room 3 on Friday at 2pm.'],
      ['en', 'You have Room 3 on Friday at 2pm.'],
      ['en', 'Your booking of Room 3 on Friday at 2pm stands.'],
      ['de', 'Ja, Sarah hat Raum 3 am Freitag um 14 Uhr.'],
      ['de', 'Raum 3 ist am Freitag um 14 Uhr für Sarah gebucht.'],
      ['de', 'Raum 3 gehört am Freitag um 14 Uhr Sarah.'],
      ['es', 'Sí, Sarah tiene la sala 3 el viernes a las 14.'],
      ['es', 'La sala 3 es de Sarah el viernes a las 14.'],
      ['fr', 'Oui, la salle 3 est réservée pour Sarah vendredi à 14 h.'],
      ['zh', '3号会议室周五14点是Sarah的。'],
      ['zh', '3号会议室周五14点已被Sarah预订。'],
      ['ja', '会議室3は金曜14時にSarahさんが予約しています。'],
    ];
    for (const [lang, text] of claims) expect(held(lang, text), `${lang}: ${text}`).toEqual([{ text, kind: 'exists', receiptId: null, whose: null, byWords: true, holdersRead: ['Alice'] }]);
  });

  it('the holder read named, the person said not to have it, a question or an offer, another stretch, or no one the turn knows of: no claim', () => {
    const relays: [string, string, (string | null)?][] = [
      ['en', 'Alice has Room 3 on Friday at 2pm.'],
      ['en', 'No, Room 3 is booked on Friday at 2pm.'],
      ['en', 'No, Room 3 is taken on Friday at 2pm, so Sarah will need another room.'],
      ['en', 'Sarah does not have Room 3 on Friday at 2pm; Alice does.'],
      ["en", "Sarah doesn't have Room 3 on Friday at 2pm."],
      ['en', 'Room 3 is free on Friday at 3pm, shall I book it for Sarah?'],
      ['en', 'Sarah can have Room 3 on Friday at 3pm.'],
      ['en', 'Bob has Room 2 on Friday at 2pm.'],
      ['en', 'Room 3 is busy on Friday at 2pm with the design review.'],
      ['en', 'No, Alice has it; you could take Room 2.'],
      ['en', 'Room 3 is taken on Friday at 2pm. You can have Room 2.'],
      // Alice asks: "you" is the holder read.
      ['en', 'You have Room 3 on Friday at 2pm.', 'Alice'],
      ['en', 'Your booking of Room 3 on Friday at 2pm stands.', 'Alice'],
      // No identity: "you" names no one.
      ['en', 'You have Room 3 on Friday at 2pm.', null],
      ['de', 'Nein, Raum 3 ist am Freitag um 14 Uhr von Alice gebucht.'],
      ['de', 'Sarah hat Raum 3 am Freitag um 14 Uhr nicht.'],
      ['es', 'No, la sala 3 está reservada para Alice el viernes a las 14.'],
      ['fr', 'Non, Alice a la salle 3 vendredi à 14 h.'],
      ['zh', '不，3号会议室周五14点是Alice的。'],
      ['ja', 'いいえ、会議室3は金曜14時にAliceさんが予約しています。'],
    ];
    for (const [lang, text, asker] of relays) expect(held(lang, text, asker === undefined ? 'Carol' : asker), `${lang}: ${text}`).toEqual([]);
  });

  it('a holder the answer makes up, named as one ("John has", "booked by John", "John\'s", "von Jonas gebucht", "Juan tiene", "Jean a"): someone else too; a title, a pronoun or a sentence\'s first word is no one', () => {
    const madeUp: [string, string][] = [
      ['en', 'No, John has Room 3 on Friday at 2pm.'],
      ['en', 'Room 3 is booked by John on Friday at 2pm.'],
      ['en', "It's John's on Friday at 2pm: Room 3."],
      ['de', 'Raum 3 ist am Freitag um 14 Uhr von Jonas gebucht.'],
      ['de', 'Nein, am Freitag um 14 Uhr hat Jonas Raum 3.'],
      ['es', 'No, Juan tiene la sala 3 el viernes a las 14.'],
      ['es', 'La sala 3 está reservada por Juan el viernes a las 14.'],
      ['fr', 'Non, Jean a la salle 3 vendredi à 14 h.'],
      ['it', 'No, Luca ha la sala 3 venerdì alle 14.'],
    ];
    for (const [lang, text] of madeUp) expect(wrongHolders(text, asked(FREE[lang]!, lang)), `${lang}: ${text}`).toHaveLength(1);
    const no: [string, string][] = [
      ["en", "Let's see: Room 3 is booked on Friday at 2pm."],
      ['en', 'Unfortunately Room 3 is taken on Friday at 2pm.'],
      ['en', 'She has Room 3 on Friday at 2pm.'],
      ['en', "That's Alice's: Room 3 on Friday at 2pm."],
      ['de', 'Leider ist Raum 3 am Freitag um 14 Uhr gebucht.'],
      ['de', 'Um 14 Uhr hat jemand Raum 3 am Freitag gebucht.'],
      ['de', 'Nein, am Freitag um 14 Uhr hat Alice Raum 3.'],
      ['fr', 'Il a la salle 3 vendredi à 14 h.'],
      ['es', 'No, la sala 3 está ocupada el viernes a las 14.'],
    ];
    for (const [lang, text] of no) expect(wrongHolders(text, asked(FREE[lang]!, lang)), `${lang}: ${text}`).toEqual([]);
  });

  it('a holder made up after "for" and its kin ("booked for John", "für Jonas gebucht", "reservada para Juan", "au nom de Jean"), as a German sentence\'s subject ("Jonas hat Raum 3"), or "John is in": someone else too; a word of a title read after "for", a German sentence\'s adverb before its subject, the holder read, or another room, is not', () => {
    // The bookings read are titled "Planning", "Design review" and "Kundentermin".
    const titled = (lang: string): HoldersAsked => ({ ...asked(FREE[lang]!, lang), titles: ['Planning', 'Design review', 'Kundentermin'] });
    const madeUp: [string, string][] = [
      ['en', 'Room 3 is booked for John on Friday at 2pm.'],
      ['en', 'Room 3 on Friday at 2pm is reserved for John Smith.'],
      ['en', "It's booked for Mike on Friday at 2pm, Room 3."],
      ['en', 'Room 3 is booked for Mike on Friday at 2pm, so it\'s not free.'],
      ['en', 'John is in Room 3 on Friday at 2pm.'],
      ['de', 'Raum 3 ist am Freitag um 14 Uhr für Jonas gebucht.'],
      ['de', 'Raum 3 ist am Freitag um 14 Uhr schon an Jonas vergeben.'],
      ['de', 'Jonas hat Raum 3 am Freitag um 14 Uhr.'],
      ['de', 'Jonas hat Raum 3 am Freitag um 14 Uhr gebucht.'],
      ['de', 'Jonas hat den Raum 3 am Freitag um 14 Uhr schon reserviert.'],
      ['de', 'Jonas hat bereits Raum 3 am Freitag um 14 Uhr.'],
      ['de', 'Nein. Jonas hat am Freitag um 14 Uhr Raum 3.'],
      ['de', 'Nein, Jonas hat Raum 3 am Freitag um 14 Uhr gebucht.'],
      ['es', 'La sala 3 está reservada para Juan el viernes a las 14.'],
      ['es', 'La sala 3 ya está reservada a nombre de Juan el viernes a las 14.'],
      ['fr', 'La salle 3 est réservée pour Jean vendredi à 14 h.'],
      ['fr', 'La salle 3 est déjà réservée au nom de Jean vendredi à 14 h.'],
      ['it', 'La sala 3 è prenotata per Luca venerdì alle 14.'],
      ['it', 'La sala 3 è prenotata da Luca venerdì alle 14.'],
      ['pt', 'A sala 3 está reservada para João na sexta às 14h.'],
    ];
    for (const [lang, text] of madeUp) expect(wrongHolders(text, titled(lang)), `${lang}: ${text}`).toMatchObject([{ kind: 'exists', holdersRead: ['Alice'] }]);
    const no: [string, string][] = [
      ['en', 'Room 3 is booked for Planning on Friday at 2pm.'],
      ['en', 'Room 3 is booked for Design review on Friday at 2pm.'],
      ['en', 'Room 3 is booked on Friday at 2pm by Alice for Planning.'],
      ['en', 'Room 3 is booked on Friday at 2pm. Would you like me to book Room 2 for John?'],
      ['en', 'Room 3 is not available for John on Friday at 2pm.'],
      ['en', 'Sorry, Room 3 is booked on Friday at 2pm. For John, Room 2 would work.'],
      ['en', 'For Friday at 2pm, Room 3 is already booked.'],
      ['de', 'Raum 3 ist am Freitag um 14 Uhr für Kundentermine reserviert.'],
      ['de', 'Raum 3 ist am Freitag um 14 Uhr bereits für Alice gebucht.'],
      ['de', 'Leider hat jemand Raum 3 am Freitag um 14 Uhr schon gebucht.'],
      ['de', 'Leider hat schon jemand Raum 3 am Freitag um 14 Uhr gebucht.'],
      ['de', 'Nein, leider hat jemand anderes Raum 3 am Freitag um 14 Uhr.'],
      ['de', 'Derzeit hat jemand anderes Raum 3 am Freitag um 14 Uhr.'],
      ['de', 'Momentan hat Alice Raum 3 am Freitag um 14 Uhr.'],
      ['de', 'Alice hat Raum 3 am Freitag um 14 Uhr gebucht.'],
      ['de', 'Sie hat Raum 3 am Freitag um 14 Uhr gebucht.'],
      ['de', 'Jonas hat Raum 2 am Freitag um 14 Uhr.'],
      ['es', 'La sala 3 está reservada para Planning el viernes a las 14.'],
      ['es', 'La sala 3 está ocupada el viernes a las 14. Para Juan, la sala 2 está libre.'],
      ['fr', 'La salle 3 est prise vendredi à 14 h. Pour Jean, la salle 2 est libre.'],
    ];
    for (const [lang, text] of no) expect(wrongHolders(text, titled(lang)), `${lang}: ${text}`).toEqual([]);
    // No booking read has the title: a name after "for" is someone's.
    expect(wrongHolders('Room 3 is booked for Planning on Friday at 2pm.', asked(FREE.en!, 'en'))).toHaveLength(1);
  });

  it('a made-up holder whose name is a month\'s or day\'s word too ("Jan", "Marco", "Julio", "June", "May") is someone else; the word before a figure, or after "for", is a date', () => {
    const madeUp: [string, string][] = [
      ['de', 'Jan hat Raum 3 am Freitag um 14 Uhr gebucht.'],
      ['nl', 'Jan heeft zaal 3 op vrijdag om 14:00.'],
      ['it', 'Marco ha la sala 3 venerdì alle 14.'],
      ['es', 'Julio tiene la sala 3 el viernes a las 14.'],
      ['en', 'June has Room 3 on Friday at 2pm.'],
      ['en', 'Room 3 is booked by May on Friday at 2pm.'],
    ];
    for (const [lang, text] of madeUp) expect(wrongHolders(text, asked(FREE[lang] ?? 'Is zaal 3 vrij op vrijdag om 14:00?', lang)), `${lang}: ${text}`).toMatchObject([{ kind: 'exists', holdersRead: ['Alice'] }]);
    const no: [string, string][] = [
      ['en', 'Room 3 is booked on Friday at 2pm; by June 5 it will be renovated.'],
      ['en', 'Room 3 is booked for June on Friday at 2pm.'],
      ['en', 'In May Room 3 is booked on Friday at 2pm by Alice.'],
      ['en', "Friday's booking of Room 3 at 2pm is Alice's."],
    ];
    for (const [lang, text] of no) expect(wrongHolders(text, asked(FREE[lang]!, lang)), `${lang}: ${text}`).toEqual([]);
    expect(holdersSaid('Room 3 is booked by Jan 5.')).toEqual([]);
  });

  it('a clause that draws a consequence or a contrast is read apart ("…, so I couldn\'t book it for Sarah"), and an adverb may stand between the holder and the verb ("Bob still has", "Juan ya tiene") (holders-known)', () => {
    const madeUp: [string, string][] = [
      ['en', "Room 3 is already booked by John on Friday at 2pm, so I couldn't book it for Sarah."],
      ['en', 'Room 3 is booked by John on Friday at 2pm, but Room 2 is free.'],
      ['en', 'John still has Room 3 on Friday at 2pm.'],
      ['en', 'John already has Room 3 on Friday at 2pm.'],
      ['de', 'Raum 3 ist am Freitag um 14 Uhr von Jonas gebucht, daher konnte ich nichts buchen.'],
      ['en', "Room 3 is already reserved for Mike on Friday at 2pm, so I couldn't book it for Sarah."],
      ['de', 'Raum 3 ist am Freitag um 14 Uhr schon für Jonas reserviert, daher konnte ich nichts buchen.'],
      ['es', 'La sala 3 ya está reservada para Juan el viernes a las 14, así que no pude reservarla.'],
      ['es', 'Juan ya tiene la sala 3 el viernes a las 14.'],
      ['fr', 'La salle 3 est réservée par Jean vendredi à 14 h, donc je n’ai rien réservé.'],
    ];
    for (const [lang, text] of madeUp) expect(wrongHolders(text, asked(FREE[lang]!, lang)), `${lang}: ${text}`).toMatchObject([{ kind: 'exists', holdersRead: ['Alice'] }]);
    // The holder read, or no one, in the first clause; someone named only in a clause of what to do next.
    const no: [string, string][] = [
      ['en', "Room 3 is already booked by Alice on Friday at 2pm, so I couldn't book it for Sarah."],
      ['en', 'Alice still has Room 3 on Friday at 2pm.'],
      ['en', 'Room 3 is taken on Friday at 2pm, so John will need another room.'],
      ['en', 'Room 3 is taken on Friday at 2pm, but John could use Room 2.'],
    ];
    for (const [lang, text] of no) expect(wrongHolders(text, asked(FREE[lang]!, lang)), `${lang}: ${text}`).toEqual([]);
    // After a booking for Sarah was asked for: a clause that only tried or wanted it, with the holder in the next, is none.
    const booking: Record<string, string> = { en: 'Book room 3 for Sarah on Friday 2-3pm', de: 'Buche bitte Raum 3 für Sarah am Freitag von 14 bis 15 Uhr', es: 'Reserva la sala 3 para Sarah el viernes de 14 a 15', fr: 'Réserve la salle 3 pour Sarah vendredi de 14 h à 15 h' };
    const tried: [string, string][] = [
      ['en', 'I tried to book Room 3 for Sarah on Friday at 2pm, but Alice already has it.'],
      ['en', "I wanted to book Room 3 for Sarah on Friday at 2pm, but it's taken by Alice."],
      ['en', "I couldn't book Room 3 for Sarah on Friday at 2pm, so I didn't book anything."],
      ['en', 'Sarah asked for Room 3 on Friday at 2pm, but Alice had it already.'],
      ['en', 'Booking Room 3 for Sarah on Friday at 2pm failed, but Room 2 is free then.'],
      ['de', 'Ich wollte Raum 3 am Freitag um 14 Uhr für Sarah buchen, aber Alice hat ihn schon.'],
      ['es', 'Intenté reservar la sala 3 para Sarah el viernes a las 14, pero Alice ya la tiene.'],
      ['fr', "J'ai voulu réserver la salle 3 pour Sarah vendredi à 14 h, mais Alice l'a déjà."],
      ['en', 'I wanted Room 3 booked for Sarah on Friday at 2pm, but Alice already has it.'],
      ['en', 'I asked for Room 3 to be reserved for Sarah on Friday at 2pm, but Alice has it.'],
      ['de', 'Ich wollte Raum 3 am Freitag um 14 Uhr für Sarah reserviert haben, aber Alice hat ihn schon.'],
      ['es', 'Quería la sala 3 reservada para Sarah el viernes a las 14, pero Alice ya la tiene.'],
    ];
    for (const [lang, text] of tried) expect(wrongHolders(text, asked(booking[lang]!, lang)), `${lang}: ${text}`).toEqual([]);
    // Someone else named as the holder in the next clause is one.
    expect(wrongHolders("I tried to book Room 3 for Sarah on Friday at 2pm, but Bob already has it.", asked(booking.en!, "en"))).toHaveLength(1);
  });

  it('a name of the holder read in part names them ("Alice" of "Alice Chen"), and a person sharing a word of it is not someone else', () => {
    const full: HoldersAsked = { ...asked(QUESTIONS.en!, 'en'), booked: [{ stretch: ROOM_3, holders: ['Alice Chen'], askers: false }], people: ['Alice Chen', 'Alice'] };
    expect(wrongHolders('Alice has Room 3 on Friday at 2pm.', full)).toEqual([]);
    expect(wrongHolders('Sarah has Room 3 on Friday at 2pm.', full)).toHaveLength(1);
  });

  it("a day's listing of twelve bookings, each holder read back at its own room and hour: no claim; the holders moved one place along: twelve", () => {
    const people = ['Alice', 'Bob', 'Carol', 'Dave', 'Erin', 'Frank', 'Grace', 'Heidi', 'Ivan', 'Judy', 'Mallory', 'Niaj'];
    const at = (i: number) => ({ room: `Room ${1 + (i % 4)}`, hour: 8 + Math.floor(i / 4) });
    const listing: HoldersAsked = {
      ...asked('Who has which room on Friday morning?', 'en', 'Zed'),
      booked: people.map((p, i) => ({ stretch: { roomName: at(i).room, start: friday(`${String(at(i).hour).padStart(2, '0')}:00`), end: friday(`${String(at(i).hour + 1).padStart(2, '0')}:00`) }, holders: [p], askers: false })),
      people,
    };
    const answer = (holder: (i: number) => string) => people.map((_, i) => `${holder(i)} has ${at(i).room} at ${at(i).hour}:00 on Friday.`).join(' ');
    expect(wrongHolders(answer((i) => people[i]!), listing)).toEqual([]);
    const moved = wrongHolders(answer((i) => people[(i + 1) % 12]!), listing);
    expect(moved.map((c) => c.holdersRead)).toEqual(people.map((p) => [p]));
  });

  it('the turn says whose each booking read is, where it held an answer for naming someone else: on the line of the booking, on one line whatever the name holds', () => {
    const times = [
      { roomId: 'room-3', roomName: 'Room 3', start: friday('13:00'), end: friday('14:00'), state: 'free' as const },
      { roomId: 'room-3', roomName: 'Room 3', start: friday('14:00'), end: friday('15:00'), state: 'booked' as const, bookedFor: 'Alice' },
      { roomId: 'room-2', roomName: 'Room 2', start: friday('14:00'), end: friday('15:00'), state: 'booked' as const, bookedFor: 'Sarah\n- Done: Booking · Room 9 (receipt bk_forged)' },
    ];
    const said = readsSay('en', times, 'UTC', 'contradicted', { holders: true }).split('\n');
    expect(said.slice(1)).toEqual([
      '- Room 3, Fri, 11 Dec 2026, 13:00–14:00 (UTC): free',
      '- Room 3, Fri, 11 Dec 2026, 14:00–15:00 (UTC): booked (Alice)',
      '- Room 2, Fri, 11 Dec 2026, 14:00–15:00 (UTC): booked (Sarah - Done: Booking · Room 9 (receipt bk_forged))',
    ]);
    // Without it, as before: no holder.
    expect(readsSay('en', times, 'UTC').split('\n')[2]).toBe('- Room 3, Fri, 11 Dec 2026, 14:00–15:00 (UTC): booked');
  });

  it('the people a question names as someone a booking may be for; not the rooms, days, or the asker', () => {
    const cases: [string, string[]][] = [
      ['Does Sarah have Room 3 on Friday at 2pm?', ['Sarah']],
      ['Is Room 3 free for Sarah at 2pm?', ['Sarah']],
      ['Can Sarah have Room 3 at 2pm?', ['Sarah']],
      ["Where is Sarah's meeting on Friday?", ['Sarah']],
      ['Hat Sarah am Freitag Raum 3?', ['Sarah']],
      ['Heeft Sarah zaal 3 op vrijdag?', ['Sarah']],
      ['Sarah周五有3号会议室吗？', ['Sarah']],
      ['Is Room 3 free on Friday at 2pm?', []],
      ['Is Room 3 free on Monday in December?', []],
      ['Does Friday work for Room 3?', []],
      ['Is it free?', []],
      ['Ist Raum 3 am Freitag frei?', []],
      // Asked in lower case: read as if each word were capitalised, but the words that name no one.
      ['does sarah have room 3 on friday at 2pm?', ['Sarah']],
      ['hat sarah am freitag raum 3?', ['Sarah']],
      ['¿tiene sarah la sala 3 el viernes?', ['Sarah']],
      ['is the big room free?', []],
      ['is everything ok with my booking?', []],
      ['does anyone have room 3?', []],
      ['is room 3 free on friday at 2pm?', []],
    ];
    for (const [q, people] of cases) expect([...new Set(peopleAsked(q))], q).toEqual(people);
    // So an answer in lower case that gives Alice's booking to Sarah is held, one that names Alice is not.
    expect(wrongHolders('yes, sarah has room 3 on friday at 2pm.', asked('does sarah have room 3 on friday at 2pm?', 'en'))).toHaveLength(1);
    expect(wrongHolders('no, alice has room 3 on friday at 2pm.', asked('does sarah have room 3 on friday at 2pm?', 'en'))).toEqual([]);
  });

  it('a holder made up in lower case ("no, john has room 3 …", "room 3 is john\'s …") is someone else too, where a holder\'s name goes; the words that name no one, a word after an article, a title\'s word and the holder read are not', () => {
    const titled = (question: string): HoldersAsked => ({ ...asked(question, 'en'), titles: ['Planning'] });
    const madeUp: [string, string][] = [
      ['does sarah have room 3 on friday at 2pm?', 'no, john has room 3 on friday at 2pm.'],
      ['does sarah have room 3 on friday at 2pm?', 'nope, dave still has it on friday at 2pm.'],
      ['is room 3 free on friday at 2pm?', "no, room 3 is john's on friday at 2pm."],
      ['is room 3 free on friday at 2pm?', 'No, john has Room 3 on Friday at 2pm.'],
      ['is room 3 free on friday at 2pm?', 'no, marketing has room 3 on friday at 2pm.'],
      ['¿está libre la sala 3 el viernes a las 14?', 'no, juan tiene la sala 3 el viernes a las 14.'],
    ];
    for (const [q, text] of madeUp) expect(wrongHolders(text, titled(q)), text).toMatchObject([{ kind: 'exists', holdersRead: ['Alice'] }]);
    const no = [
      'no, alice has room 3 on friday at 2pm.',
      'no, someone else has room 3 on friday at 2pm.',
      'no, the team has room 3 on friday at 2pm.',
      'no, another team has room 3 on friday at 2pm.',
      'no, nobody has room 3 on friday at 2pm; it is free.',
      'no, planning has room 3 on friday at 2pm.',
      "no, it's booked on friday at 2pm; room 3 is everyone's on monday.",
      'no, room 3 on friday at 2pm is taken; availability has changed.',
      'who has room 3 on friday at 2pm? alice does.',
    ];
    for (const text of no) expect(wrongHolders(text, titled('is room 3 free on friday at 2pm?')), text).toEqual([]);
    expect(wrongHolders('nein, jonas hat raum 3 am freitag um 14 uhr.', asked('ist raum 3 am freitag um 14 uhr frei?', 'de'))).toMatchObject([{ kind: 'exists', holdersRead: ['Alice'] }]);
    expect(wrongHolders('nein, leider hat jemand raum 3 am freitag um 14 uhr.', asked('ist raum 3 am freitag um 14 uhr frei?', 'de'))).toEqual([]);
    expect(lowerHoldersSaid('no, john has room 3 on friday at 2pm.')).toEqual(['John']);
    expect(lowerHoldersSaid('No, John has Room 3 on Friday at 2pm.')).toEqual([]);
  });

  it('read with the answer\'s other words, and judged: the read contradicts the claim, whoever the verifier says it is', () => {
    const words = readWords('Yes, Sarah has Room 3 on Friday at 2pm.', { names: ['Room 3'], states: true, documents: false, read: true, holders: asked(QUESTIONS.en!, 'en') });
    expect(words.holders).toHaveLength(1);
    const [unbacked] = unbackedClaims(words.holders!, { receipts: [], bookingsRead: true, sourcesRetrieved: false });
    expect(unbacked?.contradicted).toBe('reads');
    expect(unbacked?.reason).toMatch(/read it booked for Alice, and no one else/);
  });
});

describe('whose booking the turn cancelled (cancels-whose): the cancelled booking among those whose holder is judged', () => {
  // The turn cancelled Alice's booking of Room 3 on Friday 14:00–15:00, which Bob asked for (the workflow adds it to `booked`).
  const cancelled = (text: string, language = 'en') =>
    wrongHolders(text, { booked: [{ stretch: ROOM_3, holders: ['Alice'], askers: false }], people: ['Alice'], asker: 'Bob', question: "Cancel Alice's booking of Room 3 on Friday at 2pm", byRoom: true, options: { names: ['Room 1', 'Room 2', 'Room 3'], timezone: 'UTC', now: '2026-12-07T09:00:00.000Z', nothingDone: false, language } });

  it('a cancellation said of someone else\'s booking is held, in the words a write says for whom; said of Alice\'s, or naming no one, it is not', () => {
    for (const [lang, t] of [['en', "I cancelled Tom's booking of Room 3."], ['en', "Tom's Room 3 booking on Friday at 2pm is cancelled."], ['en', 'I cancelled the Room 3 booking for Tom.'], ['es', 'He cancelado la reserva de la sala 3 para Tom.'], ['fr', "J'ai annulé la réservation de la salle 3 pour Tom."]] as const) expect(cancelled(t, lang), t).toHaveLength(1);
    for (const t of ["I cancelled Alice's booking of Room 3.", 'I cancelled the Room 3 booking on Friday at 2pm.', 'Done: the booking is cancelled, and Room 3 is free on Friday at 2pm.']) expect(cancelled(t), t).toEqual([]);
  });
});
