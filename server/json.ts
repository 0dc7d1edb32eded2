// Reading JSON the server did not type itself (a stored body of an older version, an external
// engine's answer, a settings value): one way to look inside it safely, instead of a copy of the
// same one-line helper in every module.

/** A JSON object read without a contract type. */
export type JsonObject = Record<string, unknown>;

/** `value` when it is a plain object, else an empty one (so `asObject(x).field` never throws). */
export function asObject(value: unknown): JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
}

/** `value` when it is a plain object, else undefined. */
export function objectOrUndefined(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;
}

/** `value` when it is an array, else an empty one. */
export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Whether `value` is a plain object (a type guard). */
export function isJsonObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
