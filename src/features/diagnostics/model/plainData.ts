/**
 * A JSON-safe copy of `value`: plain objects, arrays and primitives are copied; what JSON cannot hold
 * faithfully is named instead (RTK Query puts the fetch `Request`/`Response` in an action's
 * `meta.baseQueryMeta`), so a recorded action keeps no live object and survives JSON.stringify.
 */
const MAX_DEPTH = 32;

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

export function toPlainData(value: unknown, depth = 0): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(object)) return object.map((v) => toPlainData(v, depth + 1) ?? null);
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? null : object.toISOString();
  if (object instanceof Error) return { name: object.name, message: object.message };
  if (!isPlainObject(object)) return `[${object.constructor?.name ?? 'object'}]`;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(object)) {
    const copy = toPlainData(v, depth + 1);
    if (copy !== undefined) out[k] = copy;
  }
  return out;
}
