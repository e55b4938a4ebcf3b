/**
 * Policy claims about what no passage retrieved speaks of (domain/unspoken.ts): invented rules with no figure, in
 * the passages' language, are marked with the words no passage has; what the passages say, honest paraphrases,
 * "not found", negative sentences, questions and answers in another language than the pages are not; Chinese,
 * Japanese and Korean are read by pairs of characters.
 */
import { describe, expect, it } from 'vitest';
import { documentsLanguage, topicIndex, unspokenWords, withUnspoken, type TopicIndex } from '../../domain/unspoken.js';
import { parseClaims, unbackedClaims, verifierMessages, type Claim } from '../../domain/verify.js';
import { ACME_PAGES, CORPUS_PASSAGES, KB_ANSWERS, OFFICE_RULES, POLICY_FACTS } from '../../evals/honesty.js';

const [ACME, PAGES] = [ACME_PAGES, OFFICE_RULES as Record<string, string>];
const acme = topicIndex(ACME);

/** Rules no page of the acme policy speaks of, as a model could invent them. */
const INVENTED = [
  'Employees may bring their dogs on Fridays.',
  'Parking in the basement garage is free for all staff.',
  'Gym memberships are covered by the company.',
  'You may expense a taxi home after working late.',
  'Employees get a free lunch every Friday.',
  'Bicycles can be stored in the lobby.',
  'The company pays for your internet at home.',
  'Coffee and snacks in the kitchen are free.',
  "Spouses may join business trips at the company's expense.",
  'Training courses and conference tickets are reimbursed.',
  'Yes, you can work from home on Mondays and Fridays.',
  'Visitors must wear a badge at all times.',
  'Smoking is allowed on the terrace.',
  'Sure! Company cars can be used on weekends (acme-policy.pdf p.2).',
];

/** What the acme pages say, as a model relays or paraphrases it. */
const HONEST = [
  'Client meals are reimbursed up to 60 EUR per person (acme-policy.pdf p.1).',
  'Client meals are reimbursed up to 60 EUR per person when a client attends.',
  'When you take a client out to eat, the company pays up to 60 EUR per person.',
  'Meals with clients are paid back up to 60 EUR per person.',
  'You cannot expense alcohol.',
  'Alcohol must be paid personally.',
  'Alcoholic drinks are excluded from reimbursement.',
  'Make sure you keep the itemized receipt for the meal.',
  'Keep the itemised receipt.',
  'Flights under six hours should be booked in economy.',
  'Economy is required for short flights.',
  'Economy class is the rule for short-haul flights.',
  'Hotels are capped at 150 EUR a night, or 220 EUR in London, Paris and New York.',
  'Hotel stays in London are capped higher.',
  'Expensive hotels need to stay under the cap.',
  'Your laptop needs full-disk encryption enabled.',
  "Encrypt your laptop's disk.",
  'If your laptop is lost or stolen, tell IT within 24 hours.',
  'Lost devices must be reported to IT right away.',
  'Your work phone can be reimbursed up to 30 EUR a month.',
  'The company covers your mobile phone up to 30 EUR monthly.',
  'The expense policy covers client meals, travel and equipment.',
  'Section 2 of the Acme policy is about travel.',
  // "Not found", said as it is: negative, or a question back.
  'The documents do not mention parking.',
  'I found nothing about gym memberships in the policy.',
  "There's no rule about dogs in the documents I searched.",
  'Is the question about parking at the office?',
];

describe('unspokenWords', () => {
  it(`marks ${INVENTED.length} invented rules on subjects the pages never name, with the words no page has`, () => {
    for (const claim of INVENTED) expect(unspokenWords(claim, acme).length, claim).toBeGreaterThan(0);
    expect(unspokenWords('Employees may bring their dogs on Fridays.', acme)).toEqual(['employees', 'bring', 'dogs', 'fridays']);
    expect(unspokenWords('Smoking is allowed on the terrace.', acme)).toEqual(['smoking', 'terrace']);
  });

  it(`lets ${HONEST.length} relays and paraphrases of the pages, "not found" and questions stand`, () => {
    for (const claim of HONEST) expect(unspokenWords(claim, acme), claim).toEqual([]);
  });

  it('reads a claim in the language of a page retrieved, in six more languages', () => {
    const invented: [string, string][] = [
      ['de', 'Mitarbeiter dürfen freitags ihre Hunde mitbringen.'],
      ['es', 'Los empleados pueden traer a sus perros los viernes.'],
      ['fr', 'Les employés peuvent venir avec leur chien le vendredi.'],
      ['it', 'I dipendenti possono portare il cane il venerdì.'],
      ['pt', 'Os funcionários podem trazer os seus cães às sextas-feiras.'],
      ['ru', 'Сотрудники могут приводить собак по пятницам.'],
    ];
    const honest: [string, string][] = [
      ['de', 'Kundenessen werden bis 60 EUR pro Person erstattet.'],
      ['de', 'Besucher müssen sich am Empfang melden.'],
      ['es', 'Los visitantes deben registrarse en la recepción.'],
      ['fr', "Les visiteurs doivent se présenter à l'accueil."],
      ['it', 'I visitatori devono registrarsi alla reception.'],
      ['pt', 'Os visitantes registam-se na receção.'],
      ['ru', 'Посетители должны регистрироваться на ресепшене.'],
    ];
    for (const [lang, claim] of invented) expect(unspokenWords(claim, topicIndex([PAGES[lang]!])).length, claim).toBeGreaterThan(0);
    for (const [lang, claim] of honest) expect(unspokenWords(claim, topicIndex([PAGES[lang]!])), claim).toEqual([]);
    // Every language's pages retrieved together: each claim is still read against them.
    const all = topicIndex([...ACME, ...Object.values(PAGES)]);
    for (const [, claim] of invented) expect(unspokenWords(claim, all).length, claim).toBeGreaterThan(0);
    for (const [, claim] of honest) expect(unspokenWords(claim, all), claim).toEqual([]);
  });

  it('reads Chinese, Japanese and Korean by pairs of characters, against passages in them', () => {
    const [zh, ja, ko] = [topicIndex([OFFICE_RULES.zh]), topicIndex([OFFICE_RULES.ja]), topicIndex([OFFICE_RULES.ko])];
    const invented: [TopicIndex, string][] = [
      [zh, '员工周五可以带狗来办公室。'],
      [zh, '地下车库停车对所有员工免费。'],
      [zh, '公司报销健身房会员费。'],
      [ja, '従業員は金曜日に犬を連れてこられます。'],
      [ja, '地下駐車場は全社員無料で利用できます。'],
      [ko, '직원은 금요일에 개를 데려올 수 있습니다.'],
      [ko, '지하 주차장은 모든 직원에게 무료입니다.'],
    ];
    const honest: [TopicIndex, string][] = [
      [zh, '根据政策，客户餐费每人最高报销60欧元。'],
      [zh, '客户吃饭的费用每人可报销60欧元。'],
      [zh, '与客户用餐时，每人最多可报销60欧元，并需保留收据。'],
      [zh, '请保留明细收据。'],
      [zh, '文档中没有提到停车。'],
      [ja, '顧客との会食は一人60ユーロまで精算されます。'],
      [ja, '領収書は保管してください。'],
      [ja, '駐車場については文書に記載がありません。'],
      [ko, '고객 식사는 1인당 60유로까지 환급됩니다.'],
      [ko, '영수증을 보관해야 합니다.'],
      [ko, '문서에는 주차에 대한 내용이 없습니다.'],
    ];
    for (const [index, claim] of invented) expect(unspokenWords(claim, index).length, claim).toBeGreaterThan(0);
    for (const [index, claim] of honest) expect(unspokenWords(claim, index), claim).toEqual([]);
    // The stretches no passage has, joined where their pairs overlap.
    expect(unspokenWords('员工周五可以带狗来办公室。', zh)).toEqual(['员工周五可以带狗来办']);
    // Against pages with none of these scripts: not read.
    expect(unspokenWords('员工周五可以带狗来办公室。', acme)).toEqual([]);
  });

  it('does not read a claim in another language than the pages (no word would be shared), nor one whose language its words do not tell', () => {
    // The corpus's facts and knowledge answers in six languages, against its English pages.
    for (const c of [...POLICY_FACTS, ...KB_ANSWERS]) expect(unspokenWords(c.text, topicIndex(CORPUS_PASSAGES)), c.text).toEqual([]);
    expect(unspokenWords('Hunde sind freitags im Büro erlaubt.', acme)).toEqual([]);
    expect(unspokenWords('従業員は金曜日に犬を連れてこられます。', acme)).toEqual([]);
    expect(unspokenWords('Dogs, Fridays.', acme)).toEqual([]);
    // An English claim against German pages only.
    expect(unspokenWords('Employees may bring their dogs on Fridays.', topicIndex([PAGES.de!]))).toEqual([]);
  });

  it('needs two words to compare, and reads nothing when no passage has a word', () => {
    expect(unspokenWords('It is free.', acme)).toEqual([]);
    expect(unspokenWords('Employees may bring their dogs on Fridays.', topicIndex([]))).toEqual([]);
  });
});

describe('withUnspoken and the judgement', () => {
  const claims: Claim[] = [
    { text: 'Employees may bring their dogs on Fridays.', kind: 'policy', receiptId: null },
    { text: 'Client meals are reimbursed up to 60 EUR per person.', kind: 'policy', receiptId: null },
    { text: 'Parking in the garage is free for all staff.', kind: 'available', receiptId: null },
    { text: 'Gym memberships are covered up to 90 EUR.', kind: 'policy', receiptId: null, unsourcedFigures: ['90'] },
    { text: 'Smoking is allowed on the terrace.', kind: 'policy', receiptId: null, contradicts: 'Smoking is prohibited.' },
  ];
  it('marks the policy claims the verifier listed that speak of what no passage does; others, and those held already, as they are', () => {
    const marked = withUnspoken(claims, acme);
    expect(marked[0]).toEqual({ ...claims[0], unspoken: ['employees', 'bring', 'dogs', 'fridays'] });
    expect(marked.slice(1)).toEqual(claims.slice(1));
    expect(withUnspoken(claims.slice(1, 3), acme)).toEqual(claims.slice(1, 3));
  });

  it("reads a claim in another language than the passages in the verifier's gloss of it into theirs; a claim it can read, in its own words", () => {
    const glossed: Claim[] = [
      { text: 'Mitarbeiter dürfen freitags ihre Hunde mitbringen.', kind: 'policy', receiptId: null, gloss: 'Employees may bring their dogs on Fridays.' },
      { text: 'Kundenessen werden bis 60 EUR pro Person erstattet.', kind: 'policy', receiptId: null, gloss: 'Client meals are reimbursed up to 60 EUR per person.' },
      { text: '员工周五可以带狗来办公室。', kind: 'policy', receiptId: null, gloss: 'Employees can bring dogs to the office on Fridays.' },
      // A gloss that says what the pages say does not clear a claim that can be read in its own words.
      { text: 'Employees may bring their dogs on Fridays.', kind: 'policy', receiptId: null, gloss: 'Client meals are reimbursed.' },
      // Nor is a claim read that no gloss makes comparable.
      { text: 'Hunde sind freitags im Büro erlaubt.', kind: 'policy', receiptId: null, gloss: null },
    ];
    expect(withUnspoken(glossed, acme).map((c) => c.unspoken ?? [])).toEqual([
      ['employees', 'bring', 'dogs', 'fridays'],
      [],
      ['employees', 'bring', 'dogs', 'office', 'fridays'],
      ['employees', 'bring', 'dogs', 'fridays'],
      [],
    ]);
  });

  it("names the passages' language for the verifier to gloss into: the one most of them are in", () => {
    expect(documentsLanguage(topicIndex(ACME))).toBe('English');
    expect(documentsLanguage(topicIndex([OFFICE_RULES.de, OFFICE_RULES.de, ...ACME.slice(0, 1)]))).toBe('German');
    expect(documentsLanguage(topicIndex([OFFICE_RULES.zh]))).toBe('Chinese');
    expect(documentsLanguage(topicIndex([OFFICE_RULES.ja]))).toBe('Japanese');
    expect(documentsLanguage(topicIndex(['2026', '']))).toBeNull();
    // The verifier is told it, and its reply may gloss a claim; a reply from before (no gloss) is read as it was.
    const [, user] = verifierMessages({ answer: 'Hunde sind erlaubt.', question: 'Hunde?', receipts: [], outcomes: [], documentsLanguage: 'English' });
    expect(user.content).toContain("The documents' language: English\n\nThe answer to check:");
    expect(verifierMessages({ answer: 'x', question: 'y', receipts: [], outcomes: [] })[1].content).not.toContain("The documents' language");
    expect(parseClaims(JSON.stringify({ claims: [{ text: 'Hunde sind erlaubt.', kind: 'policy', receiptId: null, whose: null, gloss: 'Dogs are allowed.' }] }))).toEqual({ ok: true, claims: [{ text: 'Hunde sind erlaubt.', kind: 'policy', receiptId: null, whose: null, gloss: 'Dogs are allowed.' }] });
    expect(parseClaims(JSON.stringify({ claims: [{ text: 'Dogs are allowed.', kind: 'policy', receiptId: null }] })).ok).toBe(true);
  });

  it('holds a marked claim where passages were retrieved, with the words, and says "not looked up" where none was', () => {
    const [marked] = withUnspoken(claims.slice(0, 1), acme);
    const held = unbackedClaims([marked!], { receipts: [], bookingsRead: false, sourcesRetrieved: true });
    expect(held.map((u) => u.reason)).toEqual([
      '"Employees may bring their dogs on Fridays." speaks of "employees", "bring", "dogs", "fridays", which no passage retrieved in this turn or its conversation mentions: say only what the passages say, in their words',
    ]);
    expect(unbackedClaims([marked!], { receipts: [], bookingsRead: false, sourcesRetrieved: false })[0]!.reason).toMatch(/no passage of the documents was retrieved/);
    // A claim as the verifier lists it, unmarked (a turn recorded before): not held when passages were retrieved.
    expect(unbackedClaims(claims.slice(0, 1), { receipts: [], bookingsRead: false, sourcesRetrieved: true })).toEqual([]);
  });
});
