/**
 * Policy sentences said the other way round (domain/polarity.ts): an answer's sentence against the clauses
 * of the passages retrieved, in the languages the product answers in; honest paraphrases, limits,
 * conditions and questions are left alone.
 */
import { describe, expect, it } from 'vitest';
import { contradictedSentences, polarityIndex, withContradictions } from '../../domain/polarity.js';
import { detectLanguage, LATEST_DETECTION } from '../../domain/outcomes.js';
import { unbackedClaims, type Claim } from '../../domain/verify.js';
import { CORPUS_PASSAGES, KB_ANSWERS, POLICY_FACTS } from '../../evals/honesty.js';

const PASSAGES = [
  ...CORPUS_PASSAGES,
  'Acme Expense Policy. Section 1: Client meals. Client meals are reimbursed up to 60 EUR per person when a client attends. Alcohol is not reimbursed. Keep the itemised receipt.',
  'Section 3: Equipment. Laptops must use full-disk encryption. Report a lost or stolen device to IT within 24 hours. Personal phones may be reimbursed up to 30 EUR per month.',
  'Remote work. Employees may work from home two days a week. Working from abroad is not permitted without written approval from HR. Home office furniture is not reimbursed.',
  'Office rules. Smoking is prohibited in all buildings. Pets are not allowed in the office. Visitors must sign in at reception and wear a badge at all times.',
  'Meeting rooms. The boardroom requires approval from an office manager. Rooms are released automatically if nobody checks in within 15 minutes.',
  'Taxis. Taxi rides are reimbursed when public transport is unavailable. Receipts are required for every taxi ride. Ride-sharing services are accepted.',
  'Spesenrichtlinie. Kundenessen werden bis 60 EUR pro Person erstattet, wenn ein Kunde teilnimmt. Alkohol wird nicht erstattet. Haustiere sind im Büro nicht erlaubt.',
  'Política de gastos. Las comidas con clientes se reembolsan hasta 60 EUR por persona cuando asiste un cliente. El alcohol no se reembolsa. Las mascotas no están permitidas en la oficina.',
  "Politique de dépenses. Les repas avec des clients sont remboursés jusqu'à 60 EUR par personne lorsqu'un client est présent. L'alcool n'est pas remboursé. Les animaux ne sont pas autorisés au bureau.",
  "Politica spese. I pasti con i clienti sono rimborsati fino a 60 EUR a persona quando partecipa un cliente. L'alcol non è rimborsato.",
  'Política de despesas. As refeições com clientes são reembolsadas até 60 EUR por pessoa quando um cliente participa. O álcool não é reembolsado.',
  'Политика расходов. Алкоголь не возмещается. Домашние животные в офисе запрещены.',
  '费用政策。客户餐费每人最高报销60欧元。酒精饮料不予报销。办公室内禁止吸烟。',
  '経費規程。アルコールは精算されません。オフィス内は禁煙です。',
  '경비 규정. 주류는 환급되지 않습니다. 사무실 내 흡연은 금지됩니다.',
];
const index = polarityIndex(PASSAGES);
const against = (sentence: string) => contradictedSentences(sentence, index, detectLanguage(sentence, LATEST_DETECTION));

describe('contradictedSentences', () => {
  it('holds a sentence that says a passage the other way round, in ten languages, and names the clause', () => {
    const flipped: [string, string][] = [
      ['Alcohol is reimbursed.', 'Alcohol is not reimbursed.'],
      ['Good news: alcohol is reimbursed (policy.pdf p.1).', 'Alcohol is not reimbursed.'],
      ['Client meals are not reimbursed.', 'Client meals are reimbursed up to 60 EUR per person when a client attends.'],
      ["Bookings of the boardroom don't need an approver.", 'Bookings of the boardroom need an approver.'],
      ['Client meals are reimbursed up to 60 EUR per person; alcohol is reimbursed too.', 'Alcohol is not reimbursed.'],
      ['Home office furniture is reimbursed.', 'Home office furniture is not reimbursed.'],
      ['Smoking is allowed in the buildings.', 'Smoking is prohibited in all buildings.'],
      ['Pets are allowed in the office.', 'Pets are not allowed in the office.'],
      ["Visitors don't need to sign in at reception.", 'Visitors must sign in at reception and wear a badge at all times.'],
      ["Laptops don't need full-disk encryption.", 'Laptops must use full-disk encryption.'],
      ['Receipts are not required for taxi rides.', 'Receipts are required for every taxi ride.'],
      ['Ride-sharing services are not accepted.', 'Ride-sharing services are accepted.'],
      ['The boardroom does not require approval.', 'The boardroom requires approval from an office manager.'],
      ['Alkohol wird erstattet.', 'Alkohol wird nicht erstattet.'],
      ['Haustiere sind im Büro erlaubt.', 'Haustiere sind im Büro nicht erlaubt.'],
      ['El alcohol se reembolsa.', 'El alcohol no se reembolsa.'],
      ['Las mascotas están permitidas en la oficina.', 'Las mascotas no están permitidas en la oficina.'],
      ["L'alcool est remboursé.", "L'alcool n'est pas remboursé."],
      ['Les animaux sont autorisés au bureau.', 'Les animaux ne sont pas autorisés au bureau.'],
      ["L'alcol è rimborsato.", "L'alcol non è rimborsato."],
      ['O álcool é reembolsado.', 'O álcool não é reembolsado.'],
      ['Алкоголь возмещается.', 'Алкоголь не возмещается.'],
      ['酒精饮料予以报销。', '酒精饮料不予报销。'],
      ['办公室内允许吸烟。', '办公室内禁止吸烟。'],
      ['アルコールは精算されます。', 'アルコールは精算されません。'],
      ['주류는 환급됩니다.', '주류는 환급되지 않습니다.'],
    ];
    for (const [sentence, passage] of flipped) expect(against(sentence), sentence).toEqual([{ sentence, passage }]);
  });

  it('lets honest paraphrases, limits, conditions, questions and "not found" stand', () => {
    const honest = [
      ...[...POLICY_FACTS, ...KB_ANSWERS].map((c) => c.text),
      'Alcohol is not reimbursed (policy.pdf p.1).',
      'Alcohol is never reimbursed.',
      'No, alcohol is not reimbursed.',
      'The policy excludes alcohol from reimbursement.',
      'You cannot expense alcohol.',
      'Alcohol must be paid personally.',
      'Client meals are reimbursed up to 60 EUR per person when a client attends; alcohol is not.',
      'Boardroom bookings need an approver.',
      "Rooms can't be booked more than 30 days ahead.",
      'Meeting rooms may be booked 30 days ahead at most.',
      'Working from abroad needs written approval from HR.',
      'You can work from home two days a week.',
      "Home office furniture isn't covered.",
      'Smoking is not allowed anywhere in the buildings.',
      "Pets can't come to the office.",
      'Visitors sign in at reception and wear a badge.',
      "Encrypt your laptop's disk.",
      'Keep every taxi receipt.',
      'Uber and other ride-sharing services are accepted.',
      'Phones are reimbursed up to 30 EUR a month.',
      "The boardroom needs an office manager's approval.",
      'Rooms are released if nobody checks in within 15 minutes.',
      'Taxi rides are reimbursed when there is no public transport.',
      "Alcohol isn't reimbursed, and you need to keep the itemised receipt.",
      'The policy does not say anything about parking.',
      'I could not find anything about parking in the documents.',
      'Nothing in the documents covers bicycles.',
      'Report a lost laptop to IT within 24 hours; do not wait.',
      'Smoking is prohibited in all buildings, including the terrace.',
      'There is no limit on taxi rides, but receipts are required.',
      'Employees are not allowed to bring pets to the office.',
      "Home furniture isn't reimbursed, but laptops are provided.",
      'Is alcohol reimbursed?',
      'Working from abroad is permitted with written approval from HR.',
      'Alkohol wird nicht erstattet.',
      'El alcohol no se reembolsa.',
      "L'alcool n'est pas remboursé.",
      "L'alcol non è rimborsato.",
      'O álcool não é reembolsado.',
      'Алкоголь не возмещается.',
      '酒精饮料不予报销。',
      'アルコールは精算されません。',
      '주류는 환급되지 않습니다.',
    ];
    for (const sentence of honest) expect(against(sentence), sentence).toEqual([]);
  });

  it('reads no passage clause that is a question, nor a negative one with a limit or a condition', () => {
    const faq = polarityIndex(['Can I expense alcohol? No, alcohol cannot be expensed.', 'Rooms may not be booked more than 30 days ahead. Meals are not reimbursed unless a client attends.']);
    expect(contradictedSentences('Alcohol cannot be expensed.', faq)).toEqual([]);
    expect(contradictedSentences('Rooms may be booked 30 days ahead.', faq)).toEqual([]);
    expect(contradictedSentences('Meals are reimbursed.', faq)).toEqual([]);
    expect(contradictedSentences('Alcohol can be expensed.', faq)).toEqual([{ sentence: 'Alcohol can be expensed.', passage: 'No, alcohol cannot be expensed.' }]);
  });

  it('holds nothing where a clause as close says it the same way (two documents that disagree)', () => {
    const both = polarityIndex(['Alcohol is not reimbursed.', 'Alcohol is reimbursed.']);
    expect(contradictedSentences('Alcohol is reimbursed.', both)).toEqual([]);
    expect(contradictedSentences('Alcohol is not reimbursed.', both)).toEqual([]);
  });
});

describe('withContradictions', () => {
  const listed: Claim[] = [{ text: 'Alcohol is reimbursed', kind: 'policy', receiptId: null }];
  it("marks a policy claim the verifier listed, and in an answer from documents each sentence it did not list; the judgement holds them with the passage's words", () => {
    const marked = withContradictions(listed, CORPUS_PASSAGES);
    expect(marked).toEqual([{ ...listed[0], contradicts: 'Alcohol is not reimbursed.' }]);
    const answer = 'Client meals are reimbursed up to 60 EUR per person. Alcohol is reimbursed. Bookings of the boardroom do not need an approver.';
    const whole = withContradictions(listed, CORPUS_PASSAGES, { whole: answer });
    expect(whole.map((c) => [c.text, c.contradicts])).toEqual([
      ['Alcohol is reimbursed', 'Alcohol is not reimbursed.'],
      ['Bookings of the boardroom do not need an approver.', 'Bookings of the boardroom need an approver.'],
    ]);
    const held = unbackedClaims(whole, { receipts: [], bookingsRead: false, sourcesRetrieved: true });
    expect(held.map((u) => u.reason)).toEqual([
      '"Alcohol is reimbursed" says the other way round what a passage retrieved in this turn or its conversation says: "Alcohol is not reimbursed."',
      '"Bookings of the boardroom do not need an approver." says the other way round what a passage retrieved in this turn or its conversation says: "Bookings of the boardroom need an approver."',
    ]);
    // What the passages say, and any other claim, stand as they were.
    expect(withContradictions([{ text: 'Room 3 is free at 2pm', kind: 'available', receiptId: null }], CORPUS_PASSAGES, { whole: 'Alcohol is not reimbursed.' })).toEqual([{ text: 'Room 3 is free at 2pm', kind: 'available', receiptId: null }]);
    expect(withContradictions(listed, [])).toEqual(listed);
  });

  it('reads a sentence written many times once', () => {
    const answer = 'Alcohol is reimbursed; pets are allowed in the office. '.repeat(400);
    expect(withContradictions([], PASSAGES, { whole: answer })).toEqual([{ text: 'Alcohol is reimbursed; pets are allowed in the office.', kind: 'policy', receiptId: null, contradicts: 'Alcohol is not reimbursed.' }]);
  });
});
