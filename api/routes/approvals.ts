/**
 * Approvals: POST /turns/:turnId/approvals/:approvalId (sends the `approval` signal), POST …/undo (undoes
 * the committed write) and GET /approvals.
 */
import { Router } from 'express';
import { z } from 'zod';
import { currentUser } from '../auth.js';
import { validate } from '../errors.js';
import type { TurnService } from '../turn-service.js';
import { tagTurn } from '../observe.js';

export const approvalBodySchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    comment: z
      .string()
      .trim()
      .max(1000, 'the comment is longer than 1000 characters')
      .refine((c) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(c), 'the comment contains control characters')
      .optional(),
  })
  .strict();

const idParam = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/, 'not an id');
const statusQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected', 'expired', 'all']).default('pending') }).strict();

export function approvalRoutes(turns: TurnService): Router {
  const r = Router();
  r.post('/turns/:turnId/approvals/:approvalId', async (req, res) => {
    const user = currentUser(res);
    const turnId = validate(idParam, req.params.turnId, 'params.turnId');
    const approvalId = validate(idParam, req.params.approvalId, 'params.approvalId');
    tagTurn(res, { turnId });
    const body = validate(approvalBodySchema, req.body);
    const { settled, approval } = await turns.decideApproval(user, turnId, approvalId, body);
    res.status(settled ? 200 : 202).json({ approval, links: { turn: `/turns/${turnId}`, events: `/turns/${turnId}/events` } });
  });
  // Undo a committed write: its requester only, within UNDO_WINDOW (no body).
  r.post('/turns/:turnId/approvals/:approvalId/undo', async (req, res) => {
    const user = currentUser(res);
    const turnId = validate(idParam, req.params.turnId, 'params.turnId');
    const approvalId = validate(idParam, req.params.approvalId, 'params.approvalId');
    tagTurn(res, { turnId });
    if (req.body !== undefined && req.body !== null && Object.keys(req.body).length > 0) validate(z.object({}).strict(), req.body);
    const undone = await turns.undo(user, turnId, approvalId);
    res.json({ undo: undone, links: { turn: `/turns/${turnId}`, history: `/bookings/${undone.receipt.bookingId}/history` } });
  });
  r.get('/approvals', async (req, res) => {
    const { status } = validate(statusQuery, req.query, 'query');
    res.json({ approvals: await turns.listApprovals(currentUser(res), status === 'all' ? null : status) });
  });
  return r;
}
