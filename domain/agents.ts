/**
 * Agent and tool declarations: the one place that says which sub-agents exist, which tools each may
 * call, what their parameters are, whether they need approval and which activity runs them.
 * Pure definitions (no I/O): imported by workflows, activities, the API and the evals.
 */
import { z } from 'zod';

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
export const agentCallParameters = z
  .object({
    request: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .describe('What the agent should find out or do, in plain words, with every detail it needs (names, dates, times).'),
  })
  .strict();
export type AgentCallArgs = z.infer<typeof agentCallParameters>;

export const orchestratorTools: Record<AgentName, { description: string }> = {
  knowledge_base_agent: {
    description:
      'Ask the Knowledge-Base agent, which searches the uploaded policy and handbook PDFs (expenses, travel, security, HR, office rules) and answers with page citations.',
  },
  booking_agent: {
    description:
      'Ask the Booking agent, which reads the rooms and bookings database: which rooms exist, whether a room is free at a time, what is booked.',
  },
};

const isoDateTime = z.iso.datetime({ offset: true });

/** Parameters of each sub-agent tool (validated before anything runs). */
export const toolParameters = {
  search_knowledge_base: z
    .object({
      query: z.string().trim().min(1).max(500).describe('Search words or a question; use the wording the documents would use.'),
      topK: z.number().int().min(1).max(10).optional().describe('How many passages to return (default 5).'),
    })
    .strict(),
  list_rooms: z
    .object({
      minCapacity: z.number().int().min(1).max(1000).optional().describe('Only rooms holding at least this many people.'),
      feature: z.string().trim().min(1).max(50).optional().describe('Only rooms with this feature, e.g. "projector".'),
    })
    .strict(),
  check_availability: z
    .object({
      room: z.string().trim().min(1).max(100).describe('Room name (e.g. "Room 3") or room id.'),
      start: isoDateTime.describe('Start, ISO 8601 with offset, e.g. 2026-03-02T14:00:00+01:00.'),
      end: isoDateTime.describe('End, ISO 8601 with offset; after start.'),
    })
    .strict(),
  list_bookings: z
    .object({
      room: z.string().trim().min(1).max(100).optional().describe('Room name or id.'),
      from: isoDateTime.optional().describe('Only bookings ending after this time (ISO 8601 with offset).'),
      to: isoDateTime.optional().describe('Only bookings starting before this time (ISO 8601 with offset).'),
      bookedFor: z.string().trim().min(1).max(100).optional().describe('Only bookings for this person.'),
    })
    .strict(),
} as const;
export type ToolName = keyof typeof toolParameters;
export type ToolArgs<T extends ToolName> = z.infer<(typeof toolParameters)[T]>;

/** Activity names that run tools (must match keys of the activities object). */
export const ToolActivity = {
  search_knowledge_base: 'searchKnowledgeBase',
  list_rooms: 'listRooms',
  check_availability: 'checkAvailability',
  list_bookings: 'listBookings',
} as const satisfies Record<ToolName, string>;

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
    maxSteps: 5,
    tools: [
      { name: 'list_rooms', description: 'List rooms with capacity and features.', needsApproval: false },
      {
        name: 'check_availability',
        description: 'Check whether a room is free for a time range; returns conflicting bookings if not.',
        needsApproval: false,
      },
      { name: 'list_bookings', description: 'List confirmed bookings, filtered by room, time range or person.', needsApproval: false },
    ],
  },
};

/** Whether an agent may call a tool (an agent calling another agent's tool is refused, never run). */
export function agentHasTool(agent: AgentName, tool: string): tool is ToolName {
  return agentSpecs[agent].tools.some((t) => t.name === tool);
}
