/**
 * Agent and tool declarations: the one place that says which sub-agents exist, which tools each may
 * call, what their parameters are, whether they need approval and which activity runs them (TOOLS:
 * one record per tool; the rest is derived).
 * Pure definitions (no I/O, no zod: `schema.ts`): imported by workflows, activities, the API and the evals.
 */
import { s, toJSONSchema, type Infer, type JsonSchema, type Schema } from './schema.js';

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

/**
 * How the workflow runs a read tool: the activity (a key of the activities object, where its
 * implementation lives), the runner it goes through (`search` or `read`, which decides regular or local
 * activity: workflows/runners.ts) and what the activity is given besides the validated `args`: the turn's
 * knowledge-base `namespace`, and/or the `caller` (who is asking, for tools that show people's bookings).
 */
export interface ToolRun {
  activity: string;
  runner: 'search' | 'read';
  with: readonly ('namespace' | 'caller')[];
}

/**
 * One tool, declared once: the agent that owns it, what the model is told, its parameters (validated
 * before anything runs; their JSON Schema is what the model sees), and either how it runs (a read) or
 * that it needs approval (a write: never run directly; it becomes a pending approval, and the commit
 * runs only once a person approves). Everything else (each agent's tool list, the model's tool
 * definitions, the workflow's dispatch, the write gate) is derived from these records: see
 * docs/adding-a-tool.md.
 */
export type ToolDeclaration =
  | { agent: AgentName; description: string; parameters: ObjectSchema; needsApproval: false; run: ToolRun }
  | { agent: AgentName; description: string; parameters: ObjectSchema; needsApproval: true; action: 'create' | 'update' | 'cancel' };
type ObjectSchema = Schema<object, unknown>;

const declare = <const T extends Record<string, ToolDeclaration>>(tools: T) => tools;

export const TOOLS = declare({
  search_knowledge_base: {
    agent: 'knowledge_base_agent',
    description: 'Search the uploaded documents. Returns passages with file name, page and score.',
    parameters: s
      .object({
        query: s.string().trim().min(1).max(500).describe('Search words or a question; use the wording the documents would use.'),
        alternates: s
          .array(s.string().trim().min(1).max(300))
          .max(4)
          .optional()
          .describe('Up to 4 other phrasings searched at the same time, their results fused with the query\'s: synonyms and the words a policy document would likely use (for "business dinner": "client meals", "entertainment expenses").'),
        top_k: s.number().int().min(1).max(10).optional().describe('How many passages to return (default 5).'),
      })
      .strict(),
    needsApproval: false,
    run: { activity: 'searchKnowledgeBase', runner: 'search', with: ['namespace'] },
  },
  list_rooms: {
    agent: 'booking_agent',
    description: 'List rooms with capacity and features.',
    parameters: s
      .object({
        minCapacity: s.number().int().min(1).max(1000).optional().describe('Only rooms holding at least this many people.'),
        feature: s.string().trim().min(1).max(50).optional().describe('Only rooms with this feature, e.g. "projector".'),
      })
      .strict(),
    needsApproval: false,
    run: { activity: 'listRooms', runner: 'read', with: [] },
  },
  check_availability: {
    agent: 'booking_agent',
    description: 'Check whether a room is free for a time range; returns conflicting bookings if not.',
    parameters: s
      .object({
        room: s.string().trim().min(1).max(100).describe('Room name (e.g. "Room 3") or room id.'),
        start: isoDateTime.describe('Start, ISO 8601 with offset, e.g. 2026-03-02T14:00:00+01:00.'),
        end: isoDateTime.describe('End, ISO 8601 with offset; after start.'),
      })
      .strict(),
    needsApproval: false,
    run: { activity: 'checkAvailability', runner: 'read', with: ['caller'] },
  },
  list_bookings: {
    agent: 'booking_agent',
    description: "List confirmed bookings, filtered by room, time range or person; mine: true lists only the bookings of the person asking. Other people's bookings show no id to members.",
    parameters: s
      .object({
        room: s.string().trim().min(1).max(100).optional().describe('Room name or id.'),
        from: isoDateTime.optional().describe('Only bookings ending after this time (ISO 8601 with offset).'),
        to: isoDateTime.optional().describe('Only bookings starting before this time (ISO 8601 with offset).'),
        bookedFor: s.string().trim().min(1).max(100).optional().describe('Only bookings for this person.'),
        mine: s.boolean().optional().describe('Only the bookings of the person asking ("my bookings", "my 10am"): requested by them or booked for them.'),
      })
      .strict(),
    needsApproval: false,
    run: { activity: 'listBookings', runner: 'read', with: ['caller'] },
  },
  create_booking: {
    agent: 'booking_agent',
    description: 'Book a room. Not run directly: a human must approve it first; the result says whether it was committed, rejected, expired or conflicted.',
    parameters: s
      .object({
        room: s.string().trim().min(1).max(100).describe('Room name (e.g. "Room 3") or room id.'),
        start: isoDateTime.describe('Start, ISO 8601 with offset.'),
        end: isoDateTime.describe('End, ISO 8601 with offset; after start.'),
        bookedFor: s.string().trim().min(1).max(100).optional().describe('Who the room is for (a name). Leave it out, or say "me", to book for the person asking.'),
        title: s.string().trim().max(200).optional().describe('What the meeting is about.'),
      })
      .strict(),
    needsApproval: true,
    action: 'create',
  },
  update_booking: {
    agent: 'booking_agent',
    description:
      'Move or rename a booking. Needs human approval, like create_booking; the booking policy may refuse it (only owners, approvers and admins change a booking), and the result then says who could.',
    parameters: s
      .object({
        bookingId: s.string().trim().min(1).max(100).describe('The id of the booking to change (from list_bookings).'),
        room: s.string().trim().min(1).max(100).optional().describe('New room name or id.'),
        start: isoDateTime.optional().describe('New start, ISO 8601 with offset.'),
        end: isoDateTime.optional().describe('New end, ISO 8601 with offset.'),
        title: s.string().trim().max(200).optional().describe('New title.'),
      })
      .strict()
      .refine((a) => a.room !== undefined || a.start !== undefined || a.end !== undefined || a.title !== undefined, 'change at least one of room, start, end, title'),
    needsApproval: true,
    action: 'update',
  },
  cancel_booking: {
    agent: 'booking_agent',
    description: 'Cancel a booking. Needs human approval and passes the booking policy, like update_booking.',
    parameters: s
      .object({
        bookingId: s.string().trim().min(1).max(100).describe('The id of the booking to cancel (from list_bookings).'),
        reason: s.string().trim().max(200).optional().describe('Why, in a few words.'),
      })
      .strict(),
    needsApproval: true,
    action: 'cancel',
  },
});

type Tools = typeof TOOLS;
export type ToolName = keyof Tools;

/** Parameters of each sub-agent tool, by name (from TOOLS). */
export const toolParameters = Object.fromEntries(Object.entries(TOOLS).map(([name, t]) => [name, t.parameters])) as { [K in ToolName]: Tools[K]['parameters'] };
export type ToolArgs<T extends ToolName> = Infer<Tools[T]['parameters']>;

/** Write tools (`needsApproval: true`): never run directly; each becomes a pending approval, then a commit once approved. */
export type WriteToolName = { [K in ToolName]: Tools[K] extends { needsApproval: true } ? K : never }[ToolName];
export const WRITE_TOOLS = (Object.keys(TOOLS) as ToolName[]).filter((n) => TOOLS[n].needsApproval) as WriteToolName[];
export const WriteAction = Object.fromEntries(WRITE_TOOLS.map((n) => [n, TOOLS[n].action])) as { [K in WriteToolName]: Tools[K]['action'] };
export type WriteAction = (typeof WriteAction)[WriteToolName];
/** Whether a tool needs approval: the flag the workflow's write gate reads. */
export const isWriteTool = (name: string): name is WriteToolName => Object.hasOwn(TOOLS, name) && TOOLS[name as ToolName].needsApproval;
/** How a read tool runs, or null for a write (which goes to the approval gate instead). */
export const toolRun = (name: ToolName): ToolRun | null => {
  const t: ToolDeclaration = TOOLS[name];
  return t.needsApproval ? null : t.run;
};

export interface ToolSpec {
  name: ToolName;
  description: string;
  needsApproval: boolean;
}

export interface AgentSpec {
  name: AgentName;
  /** Its tools, in declaration order (from TOOLS). */
  tools: ToolSpec[];
  /** Model calls the agent may make before it must answer. */
  maxSteps: number;
}

/** An agent's tools, in the order TOOLS declares them. */
export function toolsOf<T extends Record<string, ToolDeclaration>>(agent: AgentName, tools: T): { name: Extract<keyof T, string>; description: string; needsApproval: boolean }[] {
  return Object.entries(tools)
    .filter(([, t]) => t.agent === agent)
    .map(([name, t]) => ({ name: name as Extract<keyof T, string>, description: t.description, needsApproval: t.needsApproval }));
}

/** The tool definitions an agent's model is given (OpenAI-compatible `tools`), from the same records. */
export function toolDefinitionsOf(agent: AgentName, tools: Record<string, ToolDeclaration> = TOOLS): { type: 'function'; function: { name: string; description: string; parameters: JsonSchema } }[] {
  return toolsOf(agent, tools).map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: toJSONSchema(tools[t.name]!.parameters) } }));
}

export const agentSpecs: Record<AgentName, AgentSpec> = {
  knowledge_base_agent: { name: 'knowledge_base_agent', maxSteps: 4, tools: toolsOf('knowledge_base_agent', TOOLS) },
  booking_agent: { name: 'booking_agent', maxSteps: 6, tools: toolsOf('booking_agent', TOOLS) },
};

/** Whether an agent may call a tool (an agent calling another agent's tool is refused, never run). */
export function agentHasTool(agent: AgentName, tool: string): tool is ToolName {
  return agentSpecs[agent].tools.some((t) => t.name === tool);
}
