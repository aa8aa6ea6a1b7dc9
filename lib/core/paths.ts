/**
 * Dotted params paths (`offline.itemNoise`, `sim.chatWriteTicks`): read, test and set a value inside plain objects.
 */

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Whether `obj` has a value at `path`.
 * @example hasPath({ a: { b: 1 } }, "a.b") // true
 */
export function hasPath(obj: unknown, path: string | readonly string[]): boolean {
  let cur = obj;
  for (const k of typeof path === "string" ? path.split(".") : path) {
    if (!isObject(cur) || !(k in cur)) return false;
    cur = cur[k];
  }
  return true;
}

/**
 * The value at `path`, or undefined.
 * @example getPath({ a: { b: 1 } }, "a.b") // 1
 */
export function getPath(obj: unknown, path: string | readonly string[]): unknown {
  let cur = obj;
  for (const k of typeof path === "string" ? path.split(".") : path) {
    if (!isObject(cur)) return undefined;
    cur = cur[k];
  }
  return cur;
}

/**
 * Sets the value at `path` in place, creating objects on the way, and returns `obj`.
 * @example setPath({}, "a.b", 2) // { a: { b: 2 } }
 */
export function setPath<T extends Record<string, unknown>>(obj: T, path: string | readonly string[], value: unknown): T {
  const keys = typeof path === "string" ? path.split(".") : path;
  let cur: Record<string, unknown> = obj;
  for (const k of keys.slice(0, -1)) {
    if (!isObject(cur[k])) cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]] = value;
  return obj;
}

/**
 * A copy of `params` with each factor of a grid cell's condition set at its dotted path (`judge.noiseSd` inside
 * `judge`, a bare name at the top); the objects on each path are copied, so `params` is left unchanged.
 * @example applyCondition({ judge: { noiseSd: 1, k: 2 } }, { "judge.noiseSd": 0, rounds: 3 })
 * // { judge: { noiseSd: 0, k: 2 }, rounds: 3 }
 */
export function applyCondition<T extends object>(params: T, condition: Record<string, unknown>): T {
  const out = { ...params } as Record<string, unknown>;
  for (const [factor, value] of Object.entries(condition)) {
    const keys = factor.split(".");
    let cur: Record<string, unknown> = out;
    for (const k of keys.slice(0, -1)) {
      const next: Record<string, unknown> = isObject(cur[k]) ? { ...(cur[k] as Record<string, unknown>) } : {};
      cur[k] = next;
      cur = next;
    }
    cur[keys[keys.length - 1]] = value;
  }
  return out as unknown as T;
}
