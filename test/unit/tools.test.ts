/**
 * One declaration per tool (TOOLS in domain/agents.ts): the agents' tool lists, the definitions the
 * models see, the write gate's list and the workflow's dispatch all come from it, and every read
 * tool's activity exists.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../adapters/db.js';
import { loadConfig } from '../../adapters/config.js';
import { createRuntime } from '../../app/runtime.js';
import { agentSpecs, isWriteTool, toolDefinitionsOf, toolRun, toolsOf, TOOLS, WRITE_TOOLS, WriteAction, type ToolDeclaration, type ToolName } from '../../domain/agents.js';
import { s } from '../../domain/schema.js';

describe('the tool declarations', () => {
  it('are the source of every derived view: agent tool lists, model definitions, the write gate', () => {
    for (const [name, t] of Object.entries(TOOLS) as [ToolName, ToolDeclaration][]) {
      expect(agentSpecs[t.agent].tools.map((x) => x.name)).toContain(name);
      expect(toolDefinitionsOf(t.agent).find((d) => d.function.name === name)?.function.description).toBe(t.description);
      // The gate reads the flag: a tool that needs approval is a write and has no runner of its own.
      expect(isWriteTool(name)).toBe(t.needsApproval);
      expect(toolRun(name) === null).toBe(t.needsApproval);
    }
    expect(WRITE_TOOLS).toEqual(['create_booking', 'update_booking', 'cancel_booking']);
    expect(WriteAction).toEqual({ create_booking: 'create', update_booking: 'update', cancel_booking: 'cancel' });
    expect(agentSpecs.knowledge_base_agent.tools.map((t) => t.name)).toEqual(['search_knowledge_base']);
    expect(isWriteTool('toString')).toBe(false); // not fooled by Object.prototype
  });

  it('name activities that exist: every read tool runs a function of the activities object', async () => {
    const db = await openDatabase({ inMemory: true });
    try {
      const { activities } = createRuntime(loadConfig({ ORCHESTRATOR_BASE_URL: 'http://127.0.0.1:9/v1', AGENT_BASE_URL: 'http://127.0.0.1:9/v1', LOG_LEVEL: 'silent' }), db);
      for (const name of Object.keys(TOOLS) as ToolName[]) {
        const run = toolRun(name);
        if (run) expect(typeof (activities as Record<string, unknown>)[run.activity], `${name} → ${run.activity}`).toBe('function');
      }
    } finally {
      await db.close();
    }
  });

  it('take a new tool as one record: it appears in its agent\'s list and in the definitions its model sees', () => {
    const withToy = {
      ...TOOLS,
      room_capacity: {
        agent: 'booking_agent',
        description: 'How many people a room holds.',
        parameters: s.object({ room: s.string().trim().min(1).max(100).describe('Room name or id.') }).strict(),
        needsApproval: false,
        run: { activity: 'roomCapacity', runner: 'read', with: [] },
      },
    } satisfies Record<string, ToolDeclaration>;
    expect(toolsOf('booking_agent', withToy).at(-1)).toEqual({ name: 'room_capacity', description: 'How many people a room holds.', needsApproval: false });
    expect(toolDefinitionsOf('booking_agent', withToy).at(-1)!.function.parameters).toMatchObject({ type: 'object', properties: { room: { type: 'string', description: 'Room name or id.' } }, required: ['room'] });
    expect(toolsOf('knowledge_base_agent', withToy).map((t) => t.name)).toEqual(['search_knowledge_base']);
  });
});
