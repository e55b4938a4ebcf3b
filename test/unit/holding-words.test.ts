/**
 * Rooms said to be someone's at a time (domain/holding-words.ts, the holdings-said patch): each a claim of a booking
 * there, held to the reads and writes; not where it is asked, supposed, waited for, denied or said of no time.
 */
import { describe, expect, it } from 'vitest';
import { holdingsSaid } from '../../domain/holding-words.js';
import { readWords } from '../../domain/answer-words.js';
import { unbackedClaims, type Backing } from '../../domain/verify.js';
import { CHECKED_CALENDAR, WRITTEN_CALENDAR } from '../../evals/honesty.js';

const NAMES = ['Room 2', 'Room 3'];
const said = (text: string) => holdingsSaid(text, NAMES).map((c) => ({ text: c.text, whose: c.whose }));
/** The backing of a turn that read `calendar` (and nothing before it), as the workflow gives it under the patches so far. */
const backing = (calendar: Backing['calendar']): Backing => ({
  receipts: [],
  bookingsRead: true,
  sourcesRetrieved: false,
  availabilityRead: true,
  calendar,
  roomNames: NAMES,
  freeTimesRead: true,
  claimDays: true,
  bookedTimesRead: true,
  timestamps: true,
  bareRanges: true,
  calendarWords: true,
  bookedThroughout: true,
});

describe('holdingsSaid', () => {
  it('reads a room said to be someone named at a time, in each language, as a claim of a booking there', () => {
    const cases = [
      'Sarah has Room 3 from 2 to 4pm on Friday.',
      "Sarah's got Room 3 on Friday from 2pm to 4pm.",
      'Sarah is in Room 3 from 2 to 4pm.',
      'Sarah will have Room 3 from 2 to 4pm.',
      'Sarah is all set in Room 3 from 2 to 4pm!',
      'Sarah secured Room 3 on Friday from 2 to 4pm.',
      'Sarah occupies Room 3 from 2 to 4pm.',
      'She has Room 3 from 2 to 4pm.',
      "They're in Room 3 from 2 to 4pm on Friday.",
      "Room 3 is Sarah's until 5pm on Friday.",
      'Room 3 belongs to Sarah on Friday from 2 to 4pm.',
      'Sarah hat Raum 3 am Freitag von 14 bis 16 Uhr.',
      'Am Freitag hat Sarah Raum 3 von 14 bis 16 Uhr.',
      'Raum 3 gehört am Freitag von 14 bis 16 Uhr Sarah.',
      'Sarah tiene la sala 3 el viernes de 14 a 16.',
      'Sarah ha la sala 3 venerdì dalle 14 alle 16.',
      'Sarah a la salle 3 vendredi de 14 h à 16 h.',
      'Sarah tem a sala 3 na sexta das 14h às 16h.',
      'Sarah heeft zaal 3 vrijdag van 14 tot 16 uur.',
      'Room 3: Sarah, Friday 14:00–16:00.',
    ];
    for (const text of cases) expect(said(text), text).toEqual([{ text, whose: null }]);
  });

  it('reads a holding at an hour with no mark where words make it one (as the unmarked-hours patch judges it), not a count', () => {
    for (const text of ['Sarah has Room 3 at 4.', 'Sarah has Room 3 from 2 to 4.', 'Sarah has Room 3 at four on Friday.', 'Sarah hat Raum 3 um 16.', 'Sarah heeft zaal 3 om vier.']) expect(said(text), text).toEqual([{ text, whose: null }]);
    for (const text of ['Sarah has Room 3 at 4 desks.', 'Sarah has Room 3 for 4 people.', 'Sarah hat Raum 3 um 4 Personen erweitert.']) expect(said(text), text).toEqual([]);
  });

  it('reads a holding at an hour in the forms the clock-zones patch reads ("at 1600", "from 1400 to 1600 hours", "half four"), not a year or a sum', () => {
    for (const t of ['Sarah has Room 3 at 1600.', 'Sarah has Room 3 from 1400 to 1600 hours.', 'Sarah has Room 3 at half four.']) expect(said(t), t).toHaveLength(1);
    for (const t of ['Sarah has Room 3 budgets from 2025 to 2030.', 'Sarah has Room 3 for 1600 EUR.']) expect(said(t), t).toEqual([]);
  });

  it('reads "you" and its kin holding a room too, saying nothing of whose booking it is (the holders\' readings judge that)', () => {
    const cases = [
      'You have Room 3 on Friday from 2 to 5pm.',
      "You're in Room 3 on Friday at 2pm.",
      'Du hast Raum 3 am Freitag von 14 bis 16 Uhr.',
      'Tienes la sala 3 el viernes de 14:00 a 16:00.',
      'Vous avez la salle 3 vendredi de 14 h à 16 h.',
      'Hai la sala 3 venerdì dalle 14 alle 16.',
      'Você tem a sala 3 na sexta das 14h às 16h.',
      'Je hebt zaal 3 vrijdag om 14:00.',
    ];
    for (const text of cases) expect(said(text), text).toEqual([{ text, whose: null }]);
  });

  it('reads a name in lower case where it is one of the people the turn knows of, and no other word so', () => {
    const known = (text: string, people: string[]) => holdingsSaid(text, NAMES, people).map((c) => c.text);
    const cases = [
      'sarah has Room 3 from 2 to 4pm.',
      'done! sarah has room 3 from 2 to 4pm.',
      "sarah's got room 3 at 4pm.",
      'room 3: sarah, 14:00–16:00.',
      "room 3 is sarah's until 5pm.",
      'sarah hat raum 3 von 14 bis 16 uhr.',
      'sarah tiene la sala 3 de 14 a 16.',
      // Of a name of two words, either.
      'lee has Room 3 from 2 to 4pm.',
    ];
    for (const text of cases) expect(known(text, ['Sarah Lee', 'Alice']), text).toEqual([expect.stringContaining(text.replace(/^done! /, '').replace(/\.$/, ''))]);
    // Not a word of no one's name, nor a name the turn does not know of, nor a word that names no one though a person is so called.
    const none = ['sarah has Room 3 from 2 to 4pm.', 'marketing has Room 3 at 4pm.', 'the team has Room 3 at 4pm.', "sarah doesn't have Room 3 at 4pm.", 'if Bob approves, sarah has Room 3 at 2pm.'];
    for (const text of none.slice(0, 1)) expect(known(text, ['Alice']), text).toEqual([]);
    for (const text of none.slice(1)) expect(known(text, ['Sarah', 'Team', 'The']), text).toEqual([]);
    // Capitalised names are read whoever the turn knows of, as before.
    expect(known('Bob has Room 3 from 2 to 4pm.', ['Sarah'])).toEqual(['Bob has Room 3 from 2 to 4pm.']);
  });

  it('reads a room said to be someone\'s at a time in Chinese, Japanese, Korean and Russian; not where it is denied, asked, supposed or said of no time', () => {
    const cases = [
      'Sarah周五14:00到16:00有3号会议室。',
      '3号会议室周五14:00到16:00是Sarah的。',
      'Sarahさんは14時から16時まで会議室3を使います。',
      '会議室3は14時から16時までSarahさんの予約です。',
      'Sarah님은 14시부터 16시까지 3번 회의실을 사용합니다.',
      '3번 회의실은 14시부터 Sarah님의 것입니다.',
      'У Сары переговорная 3 с 14:00 до 16:00.',
      'Сара занимает переговорную 3 в пятницу с 14:00 до 16:00.',
    ];
    for (const text of cases) expect(said(text), text).toEqual([{ text, whose: null }]);
    const none = [
      'Sarah周五14:00没有3号会议室。',
      'Sarahさんは14時に会議室3を使いません。',
      'Sarah周五14:00有3号会议室吗？',
      '如果Bob批准，Sarah周五14:00有3号会议室。',
      'Sarah有3号会议室。',
      '3号会议室周五14:00有空。',
      'Sarahさんは14時から16時まで会議室3を使えます。',
      'Sarah님은 14시에 3번 회의실을 사용하지 않습니다.',
      'У Сары нет переговорной 3 в 14:00.',
      'Если Боб одобрит, у Сары будет переговорная 3 в 14:00.',
    ];
    for (const text of none) expect(said(text), text).toEqual([]);
  });

  it('reads a sentence said again but for its number in a list once (the same claim, judged once)', () => {
    const list = Array.from({ length: 50 }, (_, i) => `${i + 1}号：3号会议室周五14:00到16:00是Sarah的。`).join('');
    expect(holdingsSaid(list, NAMES).map((c) => c.text)).toEqual(['1号：3号会议室周五14:00到16:00是Sarah的。']);
    const notes = Array.from({ length: 50 }, (_, i) => `Note ${i + 1}: Sarah has Room 3 from 2 to 4pm.`).join('\n');
    expect(holdingsSaid(notes, NAMES).map((c) => c.text)).toEqual(['Sarah has Room 3 from 2 to 4pm.']);
    // Different holdings are each read.
    expect(holdingsSaid('Sarah has Room 3 from 2 to 4pm.\nBob has Room 2 from 1 to 3pm.', NAMES)).toHaveLength(2);
  });

  it('takes the clauses that say only when, not what another clause says of another room or an offer', () => {
    expect(said('On Friday, Sarah has Room 3 from 2 to 4pm, let me know if you need anything else.')).toEqual([{ text: 'On Friday, Sarah has Room 3 from 2 to 4pm', whose: null }]);
    expect(said('Sarah has Room 3 from 2 to 3pm, and Room 2 is free at 4pm.')).toEqual([{ text: 'Sarah has Room 3 from 2 to 3pm', whose: null }]);
    expect(said('Sarah has Room 3 from 2 to 4pm — want me to send her an invite?')).toEqual([{ text: 'Sarah has Room 3 from 2 to 4pm', whose: null }]);
    // A length in a clause after it is taken with the time (durations-apart reads it so).
    expect(said('Sarah has Room 3 at 2pm, for an hour and a half.')).toEqual([{ text: 'Sarah has Room 3 at 2pm, for an hour and a half.', whose: null }]);
    // A dash between the hours is no clause's end.
    expect(said('Sarah has Room 3 on Friday 2pm – 4pm.')).toEqual([{ text: 'Sarah has Room 3 on Friday 2pm – 4pm.', whose: null }]);
  });

  it('reads none where it is asked, supposed, waited for, denied, of no time, or no one holds a room', () => {
    const none = [
      'Does Sarah have Room 3 at 4pm?',
      'If Bob approves, Sarah has Room 3 from 2 to 4pm.',
      'Sarah has Room 3 from 2 to 4pm, pending approval.',
      'Once it is approved, you have Room 3 at 2pm.',
      "Sarah doesn't have Room 3 at 4pm.",
      'Sarah hat Raum 3 am Freitag nicht mehr.',
      'Sarah has Room 3.',
      'Room 3 has a projector on Friday.',
      'The team has Room 3 at 4pm.',
      'Friday has Room 3 free at 2pm.',
      'Sarah wants Room 3 from 2 to 4pm.',
      'Sarah can have Room 3 from 2 to 4pm.',
      'Sarah had Room 3 on Friday at 2pm.',
    ];
    for (const text of none) expect(said(text), text).toEqual([]);
  });

  it('is held where the turn read no booking of part of it, or read it free; backed where a booking read holds it all', () => {
    const reasons = (text: string, calendar: Backing['calendar']) => unbackedClaims(holdingsSaid(text, NAMES), backing(calendar)).map((u) => u.reason);
    // The turn's own booking of Friday 14:00–15:00.
    expect(reasons('Sarah has Room 3 from 2 to 4pm on Friday.', WRITTEN_CALENDAR)).toEqual([expect.stringContaining('this turn read no booking of Room 3 on Friday at 15:00–16:00')]);
    expect(reasons('Sarah has Room 3 on Friday from 2 to 3pm.', WRITTEN_CALENDAR)).toEqual([]);
    expect(reasons('Sarah hat Raum 3 am Freitag von 14 bis 15 Uhr.', WRITTEN_CALENDAR)).toEqual([]);
    // The check that read Friday 13:00–14:00 and 15:00–16:00 free around Alice's booking.
    expect(reasons('You have Room 3 on Friday at 1pm.', CHECKED_CALENDAR)).toEqual([expect.stringContaining("this turn's check found Room 3, Fri, 11 Dec 2026, 13:00–14:00 (UTC) free")]);
    expect(reasons('Room 3: Sarah, Friday 14:00–16:00.', CHECKED_CALENDAR)).toEqual([expect.stringContaining('15:00–16:00 (UTC) free')]);
  });

  it('is read by the answer check where the turn asks for it, of the text and of its number marks read', () => {
    const asked = { names: NAMES, states: true, documents: false, read: true };
    expect(readWords('Sarah has Room 3 from 2 to 4pm.', asked).holdings).toBeUndefined();
    expect(readWords('Sarah has Room 3 from 2 to 4pm.', { ...asked, holdings: true }).holdings?.map((c) => [c.kind, c.text])).toEqual([['exists', 'Sarah has Room 3 from 2 to 4pm.']]);
    // The people the turn knows of, for names in lower case.
    expect(readWords('sarah has Room 3 from 2 to 4pm.', { ...asked, holdings: true }).holdings).toEqual([]);
    expect(readWords('sarah has Room 3 from 2 to 4pm.', { ...asked, holdings: true, people: ['Sarah'] }).holdings?.map((c) => c.text)).toEqual(['sarah has Room 3 from 2 to 4pm.']);
    expect(readWords('Sarah has Room no. 3 from 2 to 4pm.', { ...asked, holdings: true }).marked?.holdings?.map((c) => c.text)).toEqual(['Sarah has Room № 3 from 2 to 4pm.']);
  });
});
