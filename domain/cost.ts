/**
 * What a turn costs and what it may spend: prices per model (USD per million tokens, MODEL_PRICES),
 * the cost of each model call, and the budget check the turn makes before every model call
 * (MAX_TURN_COST, MAX_TURN_TOKENS). Pure arithmetic, so the workflow can run it and replay gets the same.
 */
import { s, type Infer } from './schema.js';
import type { ModelCallUsage } from './chat.js';

export const modelPriceSchema = s
  .object({
    /** USD per million prompt tokens. */
    input: s.number().min(0).max(10_000),
    /** USD per million completion tokens. */
    output: s.number().min(0).max(10_000),
  })
  .strict();
export type ModelPrice = Infer<typeof modelPriceSchema>;
export const priceTableSchema = s.record(s.string().min(1).max(200), modelPriceSchema);
export type PriceTable = Infer<typeof priceTableSchema>;

/** A turn's cost so far. `usd` covers the priced models only; `unpriced` names the others. */
export interface TurnCost {
  usd: number;
  byModel: Record<string, number>;
  byAgent: Record<string, number>;
  unpriced: string[];
  /** Returned model names with no price, priced as the model the call was configured with. */
  pricedAs?: Record<string, string>;
  /** Calls whose provider reported no usage: their tokens (and so their cost) are estimates. */
  estimatedCalls?: number;
}
export const zeroCost = (): TurnCost => ({ usd: 0, byModel: {}, byAgent: {}, unpriced: [] });

/** The price of a call: by the model the provider named, else by the model it was configured with. */
function priceOf(u: Pick<ModelCallUsage, 'model' | 'configuredModel'>, prices: PriceTable): { price: ModelPrice; as: string } | null {
  if (prices[u.model]) return { price: prices[u.model]!, as: u.model };
  if (u.configuredModel && prices[u.configuredModel]) return { price: prices[u.configuredModel]!, as: u.configuredModel };
  return null;
}

/** USD for one call, or null when the model has no price. */
export function callCostUsd(u: Pick<ModelCallUsage, 'model' | 'configuredModel' | 'promptTokens' | 'completionTokens'>, prices: PriceTable): number | null {
  const p = priceOf(u, prices);
  if (!p) return null;
  return (u.promptTokens * p.price.input + u.completionTokens * p.price.output) / 1_000_000;
}

/** Adds one call to `cost` (in place) and returns its USD (0 when unpriced). */
export function addCallCost(cost: TurnCost, u: ModelCallUsage, caller: string, prices: PriceTable): number {
  if (u.estimated) cost.estimatedCalls = (cost.estimatedCalls ?? 0) + 1;
  const p = priceOf(u, prices);
  if (p && p.as !== u.model) cost.pricedAs = { ...cost.pricedAs, [u.model]: p.as };
  const usd = callCostUsd(u, prices);
  if (usd === null) {
    if (!cost.unpriced.includes(u.model)) cost.unpriced.push(u.model);
    return 0;
  }
  cost.usd += usd;
  cost.byModel[u.model] = (cost.byModel[u.model] ?? 0) + usd;
  cost.byAgent[caller] = (cost.byAgent[caller] ?? 0) + usd;
  return usd;
}

export interface TurnBudget {
  maxCostUsd: number | null;
  maxTokens: number | null;
}

/** What a turn has spent, and its largest single model call (the estimate of the next one). */
export interface Spend {
  tokens: number;
  usd: number;
  largestCallTokens: number;
  largestCallUsd: number;
}

const thousands = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
/** Dollars for people: cents from $1 up, two significant digits below (a turn often costs fractions of a cent). */
export function formatUsd(usd: number): string {
  if (usd <= 0) return '$0';
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  return `$${usd.toFixed(Math.min(10, Math.max(2, 1 - Math.floor(Math.log10(usd)))))}`;
}

/** Which budget the next model call would break, with its figures as written (said by `stopReasonText`, in the user's language or in English for notes). */
export type BudgetOver = { kind: 'tokens'; budget: string; used: string } | { kind: 'usd'; budget: string; spent: string };

/**
 * Which budget the next model call would break, or null. A call's size is not known before it is made,
 * so the estimate is the largest call so far: a turn stops when that much more would take it past a budget.
 */
export function budgetOver(spent: Spend, budget: TurnBudget): BudgetOver | null {
  if (budget.maxTokens !== null && spent.tokens + spent.largestCallTokens > budget.maxTokens) {
    return { kind: 'tokens', budget: thousands(budget.maxTokens), used: thousands(spent.tokens) };
  }
  if (budget.maxCostUsd !== null && spent.usd + spent.largestCallUsd > budget.maxCostUsd) {
    return { kind: 'usd', budget: formatUsd(budget.maxCostUsd), spent: formatUsd(spent.usd) };
  }
  return null;
}

