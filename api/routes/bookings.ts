/** Bookings: GET /bookings/:bookingId/history, the append-only audit trail of one booking. */
import { Router } from 'express';
import { z } from 'zod';
import type { BookingStore } from '../../adapters/booking-store.js';
import { owns } from '../../domain/policy.js';
import { currentUser } from '../auth.js';
import { notFound, validate } from '../errors.js';

const bookingIdParam = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'not a booking id');

export function bookingRoutes(bookings: BookingStore): Router {
  const r = Router();
  // Shown to those allowed to see the booking: its owner (who requested it, or who it is for),
  // approvers and admins. Anyone else gets 404, as for a booking that does not exist.
  r.get('/bookings/:bookingId/history', async (req, res) => {
    const user = currentUser(res);
    const bookingId = validate(bookingIdParam, req.params.bookingId, 'params.bookingId');
    const booking = await bookings.getBooking(bookingId);
    if (!booking || (user.role === 'member' && !owns(user, booking))) throw notFound(`booking ${bookingId}`);
    res.json({ booking, history: await bookings.history(bookingId) });
  });
  return r;
}
