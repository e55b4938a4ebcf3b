/**
 * The booking policy: one declarative table that decides who may propose which write to which
 * booking, and who may approve it. Evaluated in activities (before an approval is requested, again at
 * commit, and for an undo); the approver rule it yields rides on the approval, so the workflow's signal
 * handler and the API apply the same rule without a second copy. Pure: no I/O, no zod (the workflow
 * bundle imports this file; the schema that validates a policy file is in adapters/config.ts).
 */

export const ROLES = ['member', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Who may approve: the requester themself, or any *other* user holding one of the roles. */
export const APPROVERS = ['requester', ...ROLES] as const;
export type ApproverKind = (typeof APPROVERS)[number];

export const POLICY_ACTIONS = ['create', 'update', 'cancel', 'undo'] as const;
export type PolicyAction = (typeof POLICY_ACTIONS)[number];

/** Who may propose a write, and who may approve it. */
export interface PolicyRule {
  propose: Role[];
  approve: ApproverKind[];
}

export interface BookingPolicy {
  /** A new booking: the requester becomes its owner. */
  create: PolicyRule;
  /** Changing a booking the requester owns (`own`) or someone else's (`others`). */
  update: { own: PolicyRule; others: PolicyRule };
  cancel: { own: PolicyRule; others: PolicyRule };
  /** Undoing a committed write: only ever its own requester, within UNDO_WINDOW; `propose` lists the roles that may. */
  undo: { propose: Role[] };
  /** Per-room rules, by room name or id: `approve` replaces the action's approver list for writes touching the room. */
  rooms: Record<string, { approve?: ApproverKind[]; propose?: Role[] }>;
}

/**
 * The default: anyone books for themselves (or for a colleague, as its requester) and may confirm it;
 * owners change and cancel their own bookings and confirm that themselves; only approvers and admins
 * touch other people's bookings, and then an approver other than the requester must approve
 * (separation of duties). Undo: the requester of the write, any role.
 */
export const DEFAULT_POLICY: BookingPolicy = {
  create: { propose: ['member', 'approver', 'admin'], approve: ['requester', 'approver', 'admin'] },
  update: {
    own: { propose: ['member', 'approver', 'admin'], approve: ['requester', 'approver', 'admin'] },
    others: { propose: ['approver', 'admin'], approve: ['approver', 'admin'] },
  },
  cancel: {
    own: { propose: ['member', 'approver', 'admin'], approve: ['requester', 'approver', 'admin'] },
    others: { propose: ['approver', 'admin'], approve: ['approver', 'admin'] },
  },
  undo: { propose: ['member', 'approver', 'admin'] },
  rooms: {},
};

/** Who is acting: from the API key, carried in the turn's input. */
export interface Actor {
  userId: string;
  /** How people name this user in bookings ("for Alice"); the user id when the key gives none. */
  displayName: string;
  role: Role;
}

/** What the policy needs of a booking to judge ownership. */
export interface OwnedBooking {
  requestedBy?: string | null;
  bookedFor: string;
}

const norm = (s: string) => s.trim().toLowerCase();

/** The owner of a booking is who requested it, or the user it is booked for (by user id or display name). */
export function owns(actor: Pick<Actor, 'userId' | 'displayName'>, b: OwnedBooking): boolean {
  if (b.requestedBy && b.requestedBy === actor.userId) return true;
  const forWhom = norm(b.bookedFor);
  return forWhom === norm(actor.userId) || forWhom === norm(actor.displayName);
}

/** The approver rule a proposed write carries: whether its requester may approve, and which roles of other users may. */
export interface ApproverRule {
  requester: boolean;
  roles: Role[];
  /** Why, for people: "changing Bob's booking needs an approver other than the requester". */
  note: string;
}

export type PolicyDecision = { allowed: true; approvers: ApproverRule } | { allowed: false; reason: string };

/** The room-specific rule for any of the rooms a write touches (the first listed that names one). */
function roomRule(policy: BookingPolicy, rooms: { id: string; name: string }[]) {
  for (const r of rooms) {
    for (const [key, rule] of Object.entries(policy.rooms)) {
      if (key === r.id || norm(key) === norm(r.name)) return { room: r.name, rule };
    }
  }
  return null;
}

const list = (xs: string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs.at(-1)}`);
const plural = (r: Role) => `${r}s`;
const one = (r: Role) => (r === 'member' ? 'a member' : `an ${r}`);

/**
 * May `actor` propose `action` on `booking` (null for a create), touching `rooms`? If so, who may approve it.
 * A refusal's reason names who could do it instead, for the agent to relay.
 */
export function decideProposal(
  policy: BookingPolicy,
  actor: Actor,
  action: Exclude<PolicyAction, 'undo'>,
  booking: OwnedBooking | null,
  rooms: { id: string; name: string }[],
): PolicyDecision {
  const own = action === 'create' || booking === null || owns(actor, booking);
  const rule = action === 'create' ? policy.create : policy[action][own ? 'own' : 'others'];
  const special = roomRule(policy, rooms);
  const propose = special?.rule.propose ?? rule.propose;
  const verb = { create: 'book', update: 'change', cancel: 'cancel' }[action];
  if (!propose.includes(actor.role)) {
    if (special?.rule.propose) return { allowed: false, reason: `only ${list(special.rule.propose.map(plural))} may ${verb} ${special.room}` };
    if (!own && booking) {
      const owner = booking.requestedBy ?? booking.bookedFor;
      return { allowed: false, reason: `this booking belongs to ${owner} (booked for ${booking.bookedFor}): only they or ${list(propose.map(plural))} can ${verb} it` };
    }
    return { allowed: false, reason: `a ${actor.role} may not ${verb} bookings; ${list(propose.map(plural))} may` };
  }
  const approve = special?.rule.approve ?? rule.approve;
  const roles = ROLES.filter((r) => approve.includes(r));
  const requester = approve.includes('requester');
  const whose = own ? 'your own booking' : `${booking?.bookedFor ?? 'someone else'}'s booking`;
  const note = requester
    ? roles.length
      ? `${list(['the requester', ...roles.map(one)])} may approve`
      : 'only the requester may approve'
    : special?.rule.approve
      ? `${special.room} needs ${list(roles.map(one))} other than the requester to approve`
      : `${action === 'create' ? 'a new booking' : `changing ${whose}`} needs ${list(roles.map(one))} other than the requester to approve`;
  return { allowed: true, approvers: { requester, roles, note } };
}

/** May `userId` (holding `role`) approve a write that `requestedBy` proposed under `rule`? Separation of duties: the requester only if the rule says so. */
export function mayApprove(rule: Pick<ApproverRule, 'requester' | 'roles'>, requestedBy: string, userId: string, role: Role): boolean {
  return userId === requestedBy ? rule.requester : rule.roles.includes(role);
}

/** The role a user held when the turn started: from the turn's approver and admin lists. */
export function roleIn(lists: { approvers: string[]; admins: string[] }, userId: string): Role {
  if (lists.admins.includes(userId)) return 'admin';
  if (lists.approvers.includes(userId)) return 'approver';
  return 'member';
}

/**
 * Checks a parsed policy's references against the rooms that exist: one message per unknown room.
 * (Roles, actions and keys are checked when the file is parsed.)
 */
export function unknownPolicyRooms(policy: BookingPolicy, rooms: { id: string; name: string }[]): string[] {
  return Object.keys(policy.rooms)
    .filter((k) => !rooms.some((r) => r.id === k || norm(r.name) === norm(k)))
    .map((k) => `rooms.${k}: no room with this name or id (rooms: ${rooms.map((r) => r.name).join(', ')})`);
}
