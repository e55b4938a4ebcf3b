/**
 * A write's life as data: the details an approver sees, the approval record, what the commit did
 * (a receipt, a conflict with suggested slots, a failure or a refusal) and the approval signal's
 * payload. Pure definitions.
 */
import { s, type Infer } from './schema.js';
import type { ApproverRule } from './policy.js';

/** Proof that a write was committed. A final answer may claim a booking, change or cancellation only with one. */
export interface Receipt {
  kind: 'booking.created' | 'booking.updated' | 'booking.cancelled';
  bookingId: string;
  approvalId: string;
  roomId: string;
  roomName: string;
  startsAt: string;
  endsAt: string;
  status: string;
  summary: string;
  at: string;
}

/** A proposed write, resolved to absolute times, as the approver sees it. */
export interface WriteDetails {
  action: 'create' | 'update' | 'cancel';
  bookingId: string | null;
  roomId: string;
  roomName: string;
  startsAt: string;
  endsAt: string;
  /** The same times in the workspace time zone, for people. */
  when: string;
  bookedFor: string;
  title: string;
  /** For update and cancel: the booking as it is now. */
  current: { roomName: string; startsAt: string; endsAt: string; when: string } | null;
  reason?: string;
  /** For update and cancel: the booking's version when proposed; the commit refuses a booking changed since. */
  version?: number;
  /** For update: only the fields the request changed (the commit writes these and nothing else). */
  changes?: { roomId?: string; startsAt?: string; endsAt?: string; title?: string };
  /** Who may approve, from the booking policy (absent in approvals recorded before the policy). */
  approvers?: ApproverRule;
  /** Whose booking it is, for the approver: the requester's own, or someone else's. */
  owner?: { requestedBy: string | null; bookedFor: string; requesterOwns: boolean };
}

export interface Slot {
  roomId: string;
  roomName: string;
  startsAt: string;
  endsAt: string;
}

/** What happened to an approved write. */
export type CommitOutcome =
  | { outcome: 'committed'; receipt: Receipt }
  | { outcome: 'conflict'; message: string; conflicts: { id: string; roomName: string; startsAt: string; endsAt: string; bookedFor?: string }[]; suggestions: Slot[] }
  | { outcome: 'failed'; message: string }
  /** The policy, checked again at commit, no longer allows it (nothing was written). */
  | { outcome: 'refused'; message: string };

/** What an undo did: the compensating write's receipt, a conflict, or why it was refused. */
export type UndoOutcome =
  | { outcome: 'undone'; receipt: Receipt }
  | { outcome: 'conflict'; message: string; conflicts: { id: string; roomName: string; startsAt: string; endsAt: string; bookedFor?: string }[]; suggestions: Slot[] }
  | { outcome: 'refused'; reason: 'not_found' | 'not_requester' | 'policy' | 'window' | 'stale'; message: string };

export const ApprovalStatus = { pending: 'pending', approved: 'approved', rejected: 'rejected', expired: 'expired' } as const;
export type ApprovalStatus = (typeof ApprovalStatus)[keyof typeof ApprovalStatus];

export interface Approval {
  approvalId: string;
  turnId: string;
  action: WriteDetails['action'];
  details: WriteDetails;
  status: ApprovalStatus;
  requestedBy: string;
  createdAt: string;
  expiresAt: string;
  resolvedBy: string | null;
  resolvedAt: string | null;
  comment: string | null;
  outcome: CommitOutcome | null;
}

/** The `approval` signal's payload. The workflow validates it again: a signal is never trusted because the API checked it. */
export const approvalSignalSchema = s
  .object({
    approvalId: s.string().min(1).max(200),
    decision: s.enum(['approve', 'reject']),
    userId: s.string().min(1).max(200),
    comment: s.string().max(1000).optional(),
  })
  .strict();
export type ApprovalSignal = Infer<typeof approvalSignalSchema>;
