/**
 * A turn's spending, as one unit with explicit inputs: it adds each model call's tokens and cost to the
 * turn's usage and cost (which live in the turn state, so queries and the result see them) and answers
 * whether the next call would break the turn's budget. Recorded as each call returns (agents run in
 * parallel), so every budget check sees all spending; the largest call so far estimates the next one.
 */
import { addCallCost, budgetOver, type BudgetOver, type PriceTable, type TurnBudget, type TurnCost } from '../domain/cost.js';
import { stopReasonText } from '../domain/outcomes.js';
import { addUsage, zeroUsage, type ModelCallUsage, type TurnUsage } from '../domain/types.js';

export interface Spend {
  /** Adds the calls to the turn's usage and cost, by model and by who made them. */
  record(calls: ModelCallUsage[], who: string): void;
  /** Why the turn must stop before the next model call, or null while it is within budget. */
  overBudget(): string | null;
  /** The same, as the budget and its figures (the honest stop says it in the user's language). */
  budgetOver(): BudgetOver | null;
}

export function turnSpend(into: { usage: TurnUsage; cost: TurnCost }, prices: PriceTable, budget: TurnBudget): Spend {
  const largest = { tokens: 0, usd: 0 };
  const spent = () => ({ tokens: into.usage.total.totalTokens, usd: into.cost.usd, largestCallTokens: largest.tokens, largestCallUsd: largest.usd });
  return {
    record(calls, who) {
      for (const u of calls) {
        into.usage.total = addUsage(into.usage.total, u);
        into.usage.byModel[u.model] = addUsage(into.usage.byModel[u.model] ?? zeroUsage(), u);
        into.usage.byAgent[who] = addUsage(into.usage.byAgent[who] ?? zeroUsage(), u);
        into.usage.calls += 1;
        const usd = addCallCost(into.cost, u, who, prices);
        largest.tokens = Math.max(largest.tokens, u.totalTokens);
        largest.usd = Math.max(largest.usd, usd);
      }
    },
    // In English: the notes, and why an agent's reply could not be checked.
    overBudget: () => {
      const over = budgetOver(spent(), budget);
      return over && stopReasonText({ kind: 'budget', over }, 'en');
    },
    budgetOver: () => budgetOver(spent(), budget),
  };
}
