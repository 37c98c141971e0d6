// Deterministic sample values for a JSON Schema, used by the OpenAI stand-in to answer
// `response_format: { type: 'json_schema' }` requests. The same schema and topic always give
// the same value. Arrays named like subtasks/steps/tasks get 3–5 subtask titles from the topic.
import { isRecord } from './http-util.ts';

type Schema = Record<string, unknown>;

export const STANDIN_MARKER = /\[\[standin:[a-z0-9-]+\]\]/gi;

/** 32-bit FNV-1a hash, for deterministic choices. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A short topic for a prompt: an "Assignment:/Title:" line, a quoted phrase, or the first sentence. */
export function topicFromPrompt(prompt: string): string {
  const text = prompt.replace(STANDIN_MARKER, ' ');
  const labelled = /^[\s*-]*(?:assignment|title|task|topic|subject)\s*:\s*(.+)$/im.exec(text);
  const quoted = /["“]([^"”\n]{3,})["”]/.exec(text);
  let topic = labelled?.[1] ?? quoted?.[1] ?? text.split(/[.!?\n](?:\s|$)|\n/)[0] ?? '';
  topic = topic.replace(/\s+/g, ' ').trim();
  if (topic.length > 80) {
    const cut = topic.slice(0, 80);
    const space = cut.lastIndexOf(' ');
    topic = space > 40 ? cut.slice(0, space) : cut;
  }
  topic = topic.replace(/[\s.,;:!?]+$/, '');
  return topic || 'the assignment';
}

const SUBTASK_TEMPLATES: ((topic: string) => string)[] = [
  (t) => `Read the brief for ${t}`,
  (t) => `Gather sources for ${t}`,
  (t) => `Outline ${t}`,
  (t) => `Write a first draft of ${t}`,
  (t) => `Review and submit ${t}`,
];

/** The subtask count (3–5) the stand-in picks for a topic. */
function subtaskCount(topic: string): number {
  return 3 + (hashString(topic) % 3);
}

/** `count` deterministic subtask titles for a topic (count clamped to 1..10). */
export function subtaskTitles(topic: string, count = subtaskCount(topic)): string[] {
  const n = Math.max(1, Math.min(10, count));
  const picks =
    n === 3
      ? [0, 3, 4]
      : n === 4
        ? [0, 2, 3, 4]
        : Array.from({ length: n }, (_, i) => i % SUBTASK_TEMPLATES.length);
  return picks.map((templateIndex, i) => {
    const title = SUBTASK_TEMPLATES[templateIndex]!(topic);
    return i >= SUBTASK_TEMPLATES.length ? `${title} (part ${i + 1})` : title;
  });
}

interface Ctx {
  topic: string;
  root: Schema;
  depth: number;
  /** Name of the property being generated, for hints. */
  key: string;
  /** Position inside the enclosing array, if any. */
  index: number | undefined;
  /** Subtask title for the current array item, when inside a subtasks array. */
  subtaskTitle: string | undefined;
}

const SUBTASK_KEY = /^(sub_?tasks?|steps|tasks|todos?|checklist)$/i;
const TITLE_KEY = /^(title|name|text|label|task|step|summary)$/i;

/** Generates a value that validates against `schema`, derived from `topic`. */
export function sampleFromSchema(schema: unknown, topic: string): unknown {
  const root = isRecord(schema) ? schema : {};
  return sample(root, {
    topic,
    root,
    depth: 0,
    key: '',
    index: undefined,
    subtaskTitle: undefined,
  });
}

function resolveRef(schema: Schema, root: Schema): Schema {
  let current = schema;
  for (let hops = 0; hops < 20 && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#')) return {};
    let target: unknown = root;
    for (const raw of ref.slice(1).split('/').filter(Boolean)) {
      const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isRecord(target) ? target[part] : undefined;
    }
    if (!isRecord(target)) return {};
    const { $ref: _ignored, ...rest } = current;
    current = { ...target, ...rest };
  }
  return current;
}

function pickType(schema: Schema): string | undefined {
  const { type } = schema;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) {
    const types = type.filter((t): t is string => typeof t === 'string');
    return types.find((t) => t !== 'null') ?? types[0];
  }
  if (isRecord(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function isNullOnly(schema: unknown): boolean {
  return isRecord(schema) && (schema.type === 'null' || schema.const === null);
}

function sample(input: Schema, ctx: Ctx): unknown {
  const schema = resolveRef(input, ctx.root);
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const values = schema.enum.filter((v) => v !== null);
    return values.length > 0 ? values[(ctx.index ?? 0) % values.length] : null;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      const chosen = options.find((o) => !isNullOnly(o)) ?? options[0];
      const { [key]: _ignored, ...rest } = schema;
      return sample({ ...rest, ...(isRecord(chosen) ? chosen : {}) }, ctx);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Schema = {};
    const properties: Schema = {};
    for (const part of schema.allOf) {
      if (!isRecord(part)) continue;
      const resolved = resolveRef(part, ctx.root);
      Object.assign(merged, resolved);
      if (isRecord(resolved.properties)) Object.assign(properties, resolved.properties);
    }
    const { allOf: _ignored, ...rest } = schema;
    const combined = { ...merged, ...rest };
    if (Object.keys(properties).length > 0) {
      combined.properties = {
        ...properties,
        ...(isRecord(rest.properties) ? rest.properties : {}),
      };
    }
    return sample(combined, ctx);
  }

  switch (pickType(schema)) {
    case 'object':
      return sampleObject(schema, ctx);
    case 'array':
      return sampleArray(schema, ctx);
    case 'string':
      return sampleString(schema, ctx);
    case 'integer':
      return sampleNumber(schema, ctx, true);
    case 'number':
      return sampleNumber(schema, ctx, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return sampleString(schema, ctx);
  }
}

function sampleObject(schema: Schema, ctx: Ctx): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  for (const [key, propSchema] of Object.entries(properties)) {
    // Past a few levels of nesting (recursive schemas), fill only what is required.
    if (ctx.depth > 6 && !required.includes(key)) continue;
    out[key] = sample(isRecord(propSchema) ? propSchema : {}, {
      ...ctx,
      depth: ctx.depth + 1,
      key,
      // A subtask title applies to this object's own fields, not to deeper arrays' items.
      subtaskTitle: ctx.subtaskTitle,
    });
  }
  return out;
}

function clampCount(count: number, schema: Schema): number {
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : Infinity;
  return Math.max(min, Math.min(max, count));
}

function sampleArray(schema: Schema, ctx: Ctx): unknown[] {
  const items = isRecord(schema.items) ? schema.items : {};
  if (SUBTASK_KEY.test(ctx.key)) {
    const titles = subtaskTitles(ctx.topic, clampCount(subtaskCount(ctx.topic), schema));
    return titles.map((title, index) =>
      sample(items, { ...ctx, depth: ctx.depth + 1, index, subtaskTitle: title }),
    );
  }
  const count = ctx.depth > 6 ? clampCount(0, schema) : clampCount(2, schema);
  return Array.from({ length: count }, (_, index) =>
    sample(items, { ...ctx, depth: ctx.depth + 1, index, subtaskTitle: undefined }),
  );
}

function words(key: string): string {
  return key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

function sampleString(schema: Schema, ctx: Ctx): string {
  const n = ctx.index === undefined ? '' : ` ${ctx.index + 1}`;
  let value: string;
  let format = schema.format;
  if (format === undefined && /(^|_)(due|deadline|date)$|[a-z]Date$/i.test(ctx.key))
    format = 'date';
  if (format === undefined && /[a-z](At|_at)$/.test(ctx.key)) format = 'date-time';
  switch (format) {
    case 'date':
      value = `2026-01-${String(15 + (ctx.index ?? 0)).padStart(2, '0')}`;
      break;
    case 'date-time':
      value = `2026-01-${String(15 + (ctx.index ?? 0)).padStart(2, '0')}T09:00:00Z`;
      break;
    case 'time':
      value = '09:00:00';
      break;
    case 'email':
      value = 'student@example.com';
      break;
    case 'uri':
    case 'url':
      value = 'https://example.com/standin';
      break;
    case 'uuid':
      value = `00000000-0000-4000-8000-${String(hashString(ctx.topic + ctx.key + n))
        .padStart(12, '0')
        .slice(-12)}`;
      break;
    default:
      if (
        ctx.subtaskTitle !== undefined &&
        (TITLE_KEY.test(ctx.key) || SUBTASK_KEY.test(ctx.key))
      ) {
        value = ctx.subtaskTitle;
      } else if (/^(description|details|notes?|reason|explanation|summary)$/i.test(ctx.key)) {
        value =
          ctx.subtaskTitle !== undefined
            ? `${ctx.subtaskTitle}: a stand-in step.`
            : `A stand-in ${words(ctx.key)} for ${ctx.topic}.`;
      } else if (ctx.key === '') {
        value = `Stand-in item${n} for ${ctx.topic}`;
      } else {
        value = `Stand-in ${words(ctx.key)}${n} for ${ctx.topic}`;
      }
  }
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  if (value.length > maxLength) value = value.slice(0, maxLength);
  while (value.length < minLength) value += '.';
  return value;
}

function sampleNumber(schema: Schema, ctx: Ctx, integer: boolean): number {
  const key = ctx.key.toLowerCase();
  let value: number;
  if (/(order|index|position|rank|step)$/.test(key) && ctx.index !== undefined)
    value = ctx.index + 1;
  else if (/minutes?$/.test(key)) value = 30 + 15 * (ctx.index ?? 0);
  else if (/hours?$/.test(key)) value = 1 + (ctx.index ?? 0);
  else if (/days?$/.test(key)) value = 1 + (ctx.index ?? 0);
  else value = 1;

  const step = integer ? 1 : 0.5;
  if (typeof schema.minimum === 'number') value = Math.max(value, schema.minimum);
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) {
    value = schema.exclusiveMinimum + step;
  }
  if (typeof schema.maximum === 'number') value = Math.min(value, schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) {
    value = schema.exclusiveMaximum - step;
  }
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    value = Math.ceil(value / schema.multipleOf) * schema.multipleOf;
  }
  return integer ? Math.ceil(value) : value;
}
