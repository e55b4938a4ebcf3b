/**
 * A small schema checker for the values the workflow must validate itself: its input, the approval
 * signal, the agents' tool arguments, the price table. zod would do it, but zod's module state is
 * built again for every workflow in the worker's shared V8 context (about 1.35 MB each, so 1,000
 * paused turns held 1.3 GB), so the workflow bundle carries this instead. The API and the activities
 * keep using zod; both accept the same values (the subset here follows zod's rules and messages:
 * `safeParse`, issues with a path and zod's wording, trim before length checks, defaults for absent
 * values, unknown keys stripped or, with `strict()`, refused), and `toJSONSchema` gives the schema
 * the models are shown. Pure, no imports: safe in workflows.
 */

export interface Issue {
  path: PropertyKey[];
  message: string;
}
export type SafeParseResult<T> = { success: true; data: T; error?: undefined } | { success: false; error: { issues: Issue[] }; data?: undefined };
export type JsonSchema = Record<string, unknown>;

/** What a value parses to (zod's `z.infer`). */
export type Infer<S> = S extends Schema<infer O, unknown> ? O : never;
/** What a value may be before parsing, defaults not yet applied (zod's `z.input`). */
export type Input<S> = S extends Schema<unknown, infer I> ? I : never;

function received(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : Number.isFinite(v) ? 'number' : String(v);
  return typeof v;
}
const expected = (what: string, v: unknown) => `Invalid input: expected ${what}, received ${received(v)}`;

export abstract class Schema<O, I = O> {
  declare readonly _output: O;
  declare readonly _input: I;
  description?: string;
  /** Checks `v` at `path`, adding issues; returns the parsed value (meaningless when issues were added). */
  abstract run(v: unknown, path: PropertyKey[], issues: Issue[]): unknown;
  abstract jsonSchema(): JsonSchema;

  safeParse(v: unknown): SafeParseResult<O> {
    const issues: Issue[] = [];
    const data = this.run(v, [], issues);
    return issues.length ? { success: false, error: { issues } } : { success: true, data: data as O };
  }
  describe(description: string): this {
    return this.with({ description });
  }
  optional(): Schema<O | undefined, I | undefined> {
    return new Wrapped(this, 'optional');
  }
  nullable(): Schema<O | null, I | null> {
    return new Wrapped(this, 'nullable');
  }
  default(value: O): Schema<O, I | undefined> {
    return new Wrapped(this, 'default', value);
  }
  /** A copy with some fields changed: schemas are values, shared ones are never modified. */
  protected with(changes: object): this {
    return Object.assign(Object.create(Object.getPrototypeOf(this) as object) as this, this, changes);
  }
  protected described(schema: JsonSchema): JsonSchema {
    return this.description === undefined ? schema : { ...schema, description: this.description };
  }
}

class Wrapped<O, I> extends Schema<O, I> {
  constructor(
    readonly inner: Schema<unknown, unknown>,
    readonly mode: 'optional' | 'nullable' | 'default',
    readonly fallback?: unknown,
  ) {
    super();
  }
  run(v: unknown, path: PropertyKey[], issues: Issue[]) {
    if (v === undefined && this.mode !== 'nullable') return this.mode === 'default' ? this.fallback : undefined;
    if (v === null && this.mode === 'nullable') return null;
    return this.inner.run(v, path, issues);
  }
  /** Absent is allowed: an object's key need not be given. */
  get mayBeAbsent(): boolean {
    return this.mode !== 'nullable' || (this.inner instanceof Wrapped && this.inner.mayBeAbsent);
  }
  jsonSchema(): JsonSchema {
    const inner = this.inner.jsonSchema();
    const own = this.mode === 'nullable' ? { anyOf: [inner, { type: 'null' }] } : this.mode === 'default' ? { default: this.fallback, ...inner } : inner;
    return this.described(own);
  }
}

class Str extends Schema<string> {
  trims = false;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  patternMessage?: string;
  format?: string;
  trim() {
    return this.with({ trims: true });
  }
  min(n: number) {
    return this.with({ minLength: n });
  }
  max(n: number) {
    return this.with({ maxLength: n });
  }
  regex(pattern: RegExp) {
    return this.with({ pattern, patternMessage: `Invalid string: must match pattern ${String(pattern)}` });
  }
  run(v: unknown, path: PropertyKey[], issues: Issue[]) {
    if (typeof v !== 'string') {
      issues.push({ path, message: expected('string', v) });
      return v;
    }
    const s = this.trims ? v.trim() : v;
    if (this.minLength !== undefined && s.length < this.minLength) issues.push({ path, message: `Too small: expected string to have >=${this.minLength} characters` });
    if (this.maxLength !== undefined && s.length > this.maxLength) issues.push({ path, message: `Too big: expected string to have <=${this.maxLength} characters` });
    if (this.pattern && !this.pattern.test(s)) issues.push({ path, message: this.patternMessage! });
    return s;
  }
  jsonSchema(): JsonSchema {
    return this.described({
      type: 'string',
      ...(this.minLength !== undefined ? { minLength: this.minLength } : {}),
      ...(this.maxLength !== undefined ? { maxLength: this.maxLength } : {}),
      ...(this.format ? { format: this.format } : {}),
      ...(this.pattern ? { pattern: this.pattern.source } : {}),
    });
  }
}

class Num extends Schema<number> {
  integer = false;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  int() {
    return this.with({ integer: true });
  }
  min(n: number) {
    return this.with({ minimum: n });
  }
  max(n: number) {
    return this.with({ maximum: n });
  }
  positive() {
    return this.with({ exclusiveMinimum: 0 });
  }
  run(v: unknown, path: PropertyKey[], issues: Issue[]) {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      issues.push({ path, message: expected('number', v) });
      return v;
    }
    if (this.integer && !Number.isSafeInteger(v)) {
      const limit = Number.MAX_SAFE_INTEGER;
      issues.push({ path, message: !Number.isInteger(v) ? expected('int', v) : v > 0 ? `Too big: expected int to be <=${limit}` : `Too small: expected int to be >=${-limit}` });
      return v;
    }
    if (this.minimum !== undefined && v < this.minimum) issues.push({ path, message: `Too small: expected number to be >=${this.minimum}` });
    if (this.exclusiveMinimum !== undefined && v <= this.exclusiveMinimum) issues.push({ path, message: `Too small: expected number to be >${this.exclusiveMinimum}` });
    if (this.maximum !== undefined && v > this.maximum) issues.push({ path, message: `Too big: expected number to be <=${this.maximum}` });
    return v;
  }
  jsonSchema(): JsonSchema {
    return this.described({
      type: this.integer ? 'integer' : 'number',
      ...(this.minimum !== undefined ? { minimum: this.minimum } : {}),
      ...(this.exclusiveMinimum !== undefined ? { exclusiveMinimum: this.exclusiveMinimum } : {}),
      ...(this.maximum !== undefined ? { maximum: this.maximum } : {}),
    });
  }
}

class Bool extends Schema<boolean> {
  run(v: unknown, path: PropertyKey[], issues: Issue[]) {
    if (typeof v !== 'boolean') issues.push({ path, message: expected('boolean', v) });
    return v;
  }
  jsonSchema(): JsonSchema {
    return this.described({ type: 'boolean' });
  }
}

class OneOf<T extends string> extends Schema<T> {
  constructor(readonly values: readonly T[]) {
    super();
  }
  run(v: unknown, path: PropertyKey[], issues: Issue[]) {
    if (!(this.values as readonly unknown[]).includes(v)) issues.push({ path, message: `Invalid option: expected one of ${this.values.map((x) => JSON.stringify(x)).join('|')}` });
    return v;
  }
  jsonSchema(): JsonSchema {
    return this.described({ type: 'string', enum: [...this.values] });
  }
}

class Arr<O, I> extends Schema<O[], I[]> {
  minItems?: number;
  maxItems?: number;
  constructor(readonly item: Schema<O, I>) {
    super();
  }
  min(n: number) {
    return this.with({ minItems: n });
  }
  max(n: number) {
    return this.with({ maxItems: n });
  }
  run(v: unknown, path: PropertyKey[], issues: Issue[]) {
    if (!Array.isArray(v)) {
      issues.push({ path, message: expected('array', v) });
      return v;
    }
    const out = v.map((x, i) => this.item.run(x, [...path, i], issues));
    if (this.minItems !== undefined && v.length < this.minItems) issues.push({ path, message: `Too small: expected array to have >=${this.minItems} items` });
    if (this.maxItems !== undefined && v.length > this.maxItems) issues.push({ path, message: `Too big: expected array to have <=${this.maxItems} items` });
    return out;
  }
  jsonSchema(): JsonSchema {
    return this.described({
      type: 'array',
      items: this.item.jsonSchema(),
      ...(this.minItems !== undefined ? { minItems: this.minItems } : {}),
      ...(this.maxItems !== undefined ? { maxItems: this.maxItems } : {}),
    });
  }
}

type Shape = Record<string, Schema<unknown, unknown>>;
type Flat<T> = { [K in keyof T]: T[K] } & {};
type AbsentKeys<T extends Shape, W extends 'o' | 'i'> = { [K in keyof T]: undefined extends (W extends 'o' ? Infer<T[K]> : Input<T[K]>) ? K : never }[keyof T];
type ObjectOf<T extends Shape, W extends 'o' | 'i'> = Flat<
  { [K in Exclude<keyof T, AbsentKeys<T, W>>]: W extends 'o' ? Infer<T[K]> : Input<T[K]> } & { [K in AbsentKeys<T, W>]?: W extends 'o' ? Infer<T[K]> : Input<T[K]> }
>;

class Obj<T extends Shape> extends Schema<ObjectOf<T, 'o'>, ObjectOf<T, 'i'>> {
  refuseUnknown = false;
  refinements: { check: (value: ObjectOf<T, 'o'>) => boolean; message: string; path: PropertyKey[] }[] = [];
  constructor(readonly shape: T) {
    super();
  }
  /** Unknown keys are an issue (zod's `.strict()`); without it they are dropped. */
  strict() {
    return this.with({ refuseUnknown: true });
  }
  /** A check of the whole object, run when its fields are valid; `path` is where its issue points, below the object. */
  refine(check: (value: ObjectOf<T, 'o'>) => boolean, issue: string | { message: string; path?: PropertyKey[] }) {
    const { message, path = [] } = typeof issue === 'string' ? { message: issue } : issue;
    return this.with({ refinements: [...this.refinements, { check, message, path }] });
  }
  run(v: unknown, path: PropertyKey[], issues: Issue[]) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      issues.push({ path, message: expected('object', v) });
      return v;
    }
    const before = issues.length;
    const input = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, schema] of Object.entries(this.shape)) {
      const parsed = schema.run(input[key], [...path, key], issues);
      if (parsed !== undefined || key in input) out[key] = parsed;
    }
    if (this.refuseUnknown) {
      const unknown = Object.keys(input).filter((k) => !Object.hasOwn(this.shape, k));
      if (unknown.length) issues.push({ path, message: `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${unknown.map((k) => JSON.stringify(k)).join(', ')}` });
    }
    if (issues.length === before) for (const r of this.refinements) if (!r.check(out as ObjectOf<T, 'o'>)) issues.push({ path: [...path, ...r.path], message: r.message });
    return out;
  }
  jsonSchema(): JsonSchema {
    const required = Object.entries(this.shape)
      .filter(([, s]) => !(s instanceof Wrapped && s.mayBeAbsent))
      .map(([k]) => k);
    return this.described({
      type: 'object',
      properties: Object.fromEntries(Object.entries(this.shape).map(([k, s]) => [k, s.jsonSchema()])),
      ...(required.length ? { required } : {}),
      ...(this.refuseUnknown ? { additionalProperties: false } : {}),
    });
  }
}

class Rec<O, I> extends Schema<Record<string, O>, Record<string, I>> {
  constructor(
    readonly key: Schema<string>,
    readonly value: Schema<O, I>,
  ) {
    super();
  }
  run(v: unknown, path: PropertyKey[], issues: Issue[]) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      issues.push({ path, message: expected('record', v) });
      return v;
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const keyIssues: Issue[] = [];
      this.key.run(k, [...path, k], keyIssues);
      if (keyIssues.length) issues.push({ path: [...path, k], message: 'Invalid key in record' });
      else out[k] = this.value.run(x, [...path, k], issues);
    }
    return out;
  }
  jsonSchema(): JsonSchema {
    return this.described({ type: 'object', propertyNames: this.key.jsonSchema(), additionalProperties: this.value.jsonSchema() });
  }
}

// zod's ISO 8601 date-time with an offset (z.iso.datetime({ offset: true })): seconds required, a real day of the month.
const ISO_DATETIME_OFFSET =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|([+-](?:[01]\d|2[0-3]):[0-5]\d)))$/;

export const s = {
  string: () => new Str(),
  number: () => new Num(),
  boolean: () => new Bool(),
  enum: <const T extends string>(values: readonly T[]) => new OneOf<T>(values),
  array: <O, I>(item: Schema<O, I>) => new Arr(item),
  object: <T extends Shape>(shape: T) => new Obj(shape),
  record: <O, I>(key: Schema<string>, value: Schema<O, I>) => new Rec(key, value),
  /** ISO 8601 with an offset, as zod's `z.iso.datetime({ offset: true })`. */
  isoDateTime: () => Object.assign(new Str().regex(ISO_DATETIME_OFFSET), { patternMessage: 'Invalid ISO datetime', format: 'date-time' }),
};

/** The JSON Schema (draft 2020-12) the models are shown for a schema. */
export function toJSONSchema(schema: Schema<unknown, unknown>): JsonSchema {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...schema.jsonSchema() };
}
