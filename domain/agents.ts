/**
 * Agent and tool declarations: the one place that says which sub-agents exist, which tools each may
 * call, what their parameters are, whether they need approval and which activity runs them.
 * Pure definitions (no I/O, no zod: `schema.ts`): imported by workflows, activities, the API and the evals.
 */
import { s, type Infer } from './schema.js';

/** The sub-agents the orchestrator can call. */
export const AgentName = {
  knowledgeBase: 'knowledge_base_agent',
  booking: 'booking_agent',
} as const;
export type AgentName = (typeof AgentName)[keyof typeof AgentName];
export const AGENT_NAMES = Object.values(AgentName) as AgentName[];

export function isAgentName(name: string): name is AgentName {
  return (AGENT_NAMES as string[]).includes(name);
}

/** The orchestrator's tools: one per sub-agent, each taking one free-form request. */
export const agentCallParameters = s
  .object({
    request: s
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe('What the agent should find out or do, in plain words, with every detail it needs (names, dates, times).'),
  })
  .strict();
export type AgentCallArgs = Infer<typeof agentCallParameters>;

export const orchestratorTools: Record<AgentName, { description: string }> = {
  knowledge_base_agent: {
    description:
      'Ask the Knowledge-Base agent, which searches the uploaded policy and handbook PDFs (expenses, travel, security, HR, office rules) and answers with page citations.',
  },
  booking_agent: {
    description:
      'Ask the Booking agent about rooms and bookings: which rooms exist, whether a room is free, what is booked; and to book, move or cancel (a human approves each write before it happens).',
  },
};

const isoDateTime = s.isoDateTime();

/** Parameters of each sub-agent tool (validated before anything runs). */
export const toolParameters = {
  search_knowledge_base: s
    .object({
      query: s.string().trim().min(1).max(500).describe('Search words or a question; use the wording the documents would use.'),
      top_k: s.number().int().min(1).max(10).optional().describe('How many passages to return (default 5).'),
    })
    .strict(),
  list_rooms: s
    .object({
      minCapacity: s.number().int().min(1).max(1000).optional().describe('Only rooms holding at least this many people.'),
      feature: s.string().trim().min(1).max(50).optional().describe('Only rooms with this feature, e.g. "projector".'),
    })
    .strict(),
  check_availability: s
    .object({
      room: s.string().trim().min(1).max(100).describe('Room name (e.g. "Room 3") or room id.'),
      start: isoDateTime.describe('Start, ISO 8601 with offset, e.g. 2026-03-02T14:00:00+01:00.'),
      end: isoDateTime.describe('End, ISO 8601 with offset; after start.'),
    })
    .strict(),
  list_bookings: s
    .object({
      room: s.string().trim().min(1).max(100).optional().describe('Room name or id.'),
      from: isoDateTime.optional().describe('Only bookings ending after this time (ISO 8601 with offset).'),
      to: isoDateTime.optional().describe('Only bookings starting before this time (ISO 8601 with offset).'),
      bookedFor: s.string().trim().min(1).max(100).optional().describe('Only bookings for this person.'),
      mine: s.boolean().optional().describe('Only the bookings of the person asking ("my bookings", "my 10am"): requested by them or booked for them.'),
    })
    .strict(),
  create_booking: s
    .object({
      room: s.string().trim().min(1).max(100).describe('Room name (e.g. "Room 3") or room id.'),
      start: isoDateTime.describe('Start, ISO 8601 with offset.'),
      end: isoDateTime.describe('End, ISO 8601 with offset; after start.'),
      bookedFor: s.string().trim().min(1).max(100).optional().describe('Who the room is for (a name). Leave it out, or say "me", to book for the person asking.'),
      title: s.string().trim().max(200).optional().describe('What the meeting is about.'),
    })
    .strict(),
  update_booking: s
    .object({
      bookingId: s.string().trim().min(1).max(100).describe('The id of the booking to change (from list_bookings).'),
      room: s.string().trim().min(1).max(100).optional().describe('New room name or id.'),
      start: isoDateTime.optional().describe('New start, ISO 8601 with offset.'),
      end: isoDateTime.optional().describe('New end, ISO 8601 with offset.'),
      title: s.string().trim().max(200).optional().describe('New title.'),
    })
    .strict()
    .refine((a) => a.room !== undefined || a.start !== undefined || a.end !== undefined || a.title !== undefined, 'change at least one of room, start, end, title'),
  cancel_booking: s
    .object({
      bookingId: s.string().trim().min(1).max(100).describe('The id of the booking to cancel (from list_bookings).'),
      reason: s.string().trim().max(200).optional().describe('Why, in a few words.'),
    })
    .strict(),
} as const;
export type ToolName = keyof typeof toolParameters;

/** Write tools: never run directly; each becomes a pending approval, then a commit once approved. */
export const WRITE_TOOLS = ['create_booking', 'update_booking', 'cancel_booking'] as const;
export type WriteToolName = (typeof WRITE_TOOLS)[number];
export const WriteAction = { create_booking: 'create', update_booking: 'update', cancel_booking: 'cancel' } as const satisfies Record<WriteToolName, string>;
export type WriteAction = (typeof WriteAction)[WriteToolName];
export const isWriteTool = (name: string): name is WriteToolName => (WRITE_TOOLS as readonly string[]).includes(name);
export type ToolArgs<T extends ToolName> = Infer<(typeof toolParameters)[T]>;

/** Activity names that run the read tools (must match keys of the activities object). Writes go through the approval gate. */
export const ToolActivity = {
  search_knowledge_base: 'searchKnowledgeBase',
  list_rooms: 'listRooms',
  check_availability: 'checkAvailability',
  list_bookings: 'listBookings',
} as const satisfies Record<Exclude<ToolName, WriteToolName>, string>;

export interface ToolSpec {
  name: ToolName;
  description: string;
  needsApproval: boolean;
}

export interface AgentSpec {
  name: AgentName;
  /** Short human label for events and the UI. */
  label: string;
  tools: ToolSpec[];
  /** Model calls the agent may make before it must answer. */
  maxSteps: number;
}

export const agentSpecs: Record<AgentName, AgentSpec> = {
  knowledge_base_agent: {
    name: 'knowledge_base_agent',
    label: 'Knowledge base',
    maxSteps: 4,
    tools: [
      {
        name: 'search_knowledge_base',
        description: 'Search the uploaded documents. Returns passages with file name, page and score.',
        needsApproval: false,
      },
    ],
  },
  booking_agent: {
    name: 'booking_agent',
    label: 'Bookings',
    maxSteps: 6,
    tools: [
      { name: 'list_rooms', description: 'List rooms with capacity and features.', needsApproval: false },
      {
        name: 'check_availability',
        description: 'Check whether a room is free for a time range; returns conflicting bookings if not.',
        needsApproval: false,
      },
      {
        name: 'list_bookings',
        description: 'List confirmed bookings, filtered by room, time range or person; mine: true lists only the bookings of the person asking. Other people\'s bookings show no id to members.',
        needsApproval: false,
      },
      {
        name: 'create_booking',
        description: 'Book a room. Not run directly: a human must approve it first; the result says whether it was committed, rejected, expired or conflicted.',
        needsApproval: true,
      },
      {
        name: 'update_booking',
        description: 'Move or rename a booking. Needs human approval, like create_booking; the booking policy may refuse it (only owners, approvers and admins change a booking), and the result then says who could.',
        needsApproval: true,
      },
      { name: 'cancel_booking', description: 'Cancel a booking. Needs human approval and passes the booking policy, like update_booking.', needsApproval: true },
    ],
  },
};

/** Whether an agent may call a tool (an agent calling another agent's tool is refused, never run). */
export function agentHasTool(agent: AgentName, tool: string): tool is ToolName {
  return agentSpecs[agent].tools.some((t) => t.name === tool);
}
