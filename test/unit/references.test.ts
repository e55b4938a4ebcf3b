import { describe, expect, it } from 'vitest';
import { madeUpReferences } from '../../domain/references.js';

// The ids the platform issued in the turn: a receipt and an approval.
const known = ['bk_36bcc1feb0b2ab0c', 'ap_7f3e21'];
const made = (text: string, wrote = true) => madeUpReferences(text, { known, wrote });

describe('madeUpReferences: a booking reference the system did not issue', () => {
  it('is found in the ten languages, whatever its form (digits, letters and dashes, "#")', () => {
    const cases: [string, string][] = [
      ['Your booking reference is R3-FRI-1400.', 'R3-FRI-1400'],
      ['Confirmation number: 48213.', '48213'],
      ['Booking ID: BK-7781', 'BK-7781'],
      ['Your confirmation code is XJ42.', 'XJ42'],
      ['Room 3 on Friday at 2pm, confirmation #4471.', '4471'],
      ['Reservation #R-2231 is confirmed.', 'R-2231'],
      ['Booking no. 48213', '48213'],
      ['Ihre Buchungsnummer lautet 48213.', '48213'],
      ['Buchungsreferenz: R3-FR-1400', 'R3-FR-1400'],
      ['Su número de confirmación es 48213.', '48213'],
      ['Código de reserva: XJ42', 'XJ42'],
      ['Votre numéro de réservation est le 48213.', '48213'],
      ['Référence de réservation : R3-VEN-1400', 'R3-VEN-1400'],
      ['Il numero di prenotazione è 48213.', '48213'],
      ['O número da reserva é 48213.', '48213'],
      ['您的预订编号是48213。', '48213'],
      ['预订号：R3-1400', 'R3-1400'],
      ['予約番号は48213です。', '48213'],
      ['予約番号はR3-1400です。', 'R3-1400'],
      ['예약 번호는 48213입니다.', '48213'],
      ['Номер вашей брони: 48213.', '48213'],
    ];
    for (const [text, value] of cases) expect(made(text), text).toEqual([value]);
    // Each value once, in order.
    expect(made('Booking ID: 7781. Confirmation number: 48213. Again, booking ID 7781.')).toEqual(['7781', '48213']);
  });

  it('a value the documents the turn read state stands (the workflow passes them only in an answer from documents)', () => {
    const documents = 'Visitors to the office park in the garage with the reservation code PK-2231 at the gate.';
    expect(madeUpReferences('The reservation code is PK-2231.', { known, wrote: false, documents })).toEqual([]);
    expect(madeUpReferences('The reservation code is pk-2231.', { known, wrote: false, documents })).toEqual([]);
    expect(madeUpReferences('The reservation code is PK-9999.', { known, wrote: false, documents })).toEqual(['PK-9999']);
    expect(madeUpReferences('The reservation code is PK-2231.', { known, wrote: false })).toEqual(['PK-2231']);
  });

  it('a reference said without saying of what counts only where the turn tried a write', () => {
    for (const text of ['Reference: #A1B2C3', 'Your Room 3 booking (reference 7781) is set.', 'Ref 48213', '参考号：48213']) {
      expect(made(text, true), text).toHaveLength(1);
      expect(made(text, false), text).toEqual([]);
    }
  });

  it('an id the system issued, or a part of one long enough to be meant for it, is none; nor is a reference with no value, another number, or an id that is not a reference', () => {
    const honest = [
      'Booking reference: bk_36bcc1feb0b2ab0c',
      'Your confirmation number is 36bcc1feb0.',
      'Approval ID ap_7f3e21 was rejected.',
      'There is no booking reference: Room 3 was not booked.',
      'The booking reference for Room 3 is not available.',
      'Your request number is 48213; it was rejected by Alice.',
      'Reference the policy section 4.2 for client meals.',
      'Confirmation at 14:00 is pending.',
      'Room 3 (ID: room-3) is free.',
      'Booking number 2 of 3 was rejected.',
      'I booked Room 3 for Sarah as request ref_1feb0dec, ref_9pm asked (receipt bk_36bcc1feb0b2ab0c).',
    ];
    for (const text of honest) expect(made(text), text).toEqual([]);
    // A part of an id shorter than six characters may be anything.
    expect(made('Your confirmation number is 36bc1.')).toEqual(['36bc1']);
  });
});
