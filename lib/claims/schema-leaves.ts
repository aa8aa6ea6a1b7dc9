/**
 * The parameters of an offline model's zod schema: every numeric, enumerated or boolean leaf, by dotted params path,
 * with its bounds. The coverage check asks each to be a declared assumption or a documented constant.
 */
import type { ZodType } from "zod";

export interface SchemaLeaf {
  path: string;
  kind: "number" | "enum" | "boolean";
  /** Inclusive bounds of a number (±Infinity when open). */
  min?: number;
  max?: number;
  integer?: boolean;
  /** The values of an enum. */
  values?: (string | number)[];
  /** The schema's default, when it has one. */
  default?: unknown;
}

interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  shape?: Record<string, ZodType>;
  entries?: Record<string, string | number>;
  defaultValue?: unknown;
  checks?: { _zod: { def: { check: string; value?: number; inclusive?: boolean; format?: string } } }[];
}

const defOf = (s: ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/**
 * Every numeric, enum and boolean leaf of `schema`, with `prefix` as the params path of its root.
 * @example schemaLeaves(z.object({ a: z.number().min(0).default(1), b: z.object({ k: z.enum(["x", "y"]) }) }), "offline")
 * // [{ path: "offline.a", kind: "number", min: 0, max: Infinity, default: 1 }, { path: "offline.b.k", kind: "enum", values: ["x", "y"] }]
 */
export function schemaLeaves(schema: ZodType, prefix = ""): SchemaLeaf[] {
  const out: SchemaLeaf[] = [];
  walk(schema, prefix, undefined, out);
  return out;
}

function walk(schema: ZodType, path: string, dflt: unknown, out: SchemaLeaf[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case "default":
    case "prefault":
      walk(def.innerType!, path, dflt ?? resolveDefault(def.defaultValue), out);
      return;
    case "optional":
    case "nullable":
    case "readonly":
    case "catch":
    case "nonoptional":
      walk(def.innerType!, path, dflt, out);
      return;
    case "pipe":
      walk(def.in!, path, dflt, out);
      return;
    case "object":
      for (const [k, s] of Object.entries(def.shape ?? {})) {
        const sub = dflt && typeof dflt === "object" ? (dflt as Record<string, unknown>)[k] : undefined;
        walk(s, path ? `${path}.${k}` : k, sub, out);
      }
      return;
    case "number": {
      let min = -Infinity, max = Infinity, integer = false;
      for (const c of def.checks ?? []) {
        const d = c._zod.def;
        if (d.check === "greater_than" && d.value !== undefined) min = Math.max(min, d.value);
        if (d.check === "less_than" && d.value !== undefined) max = Math.min(max, d.value);
        if (d.check === "number_format" && (d.format === "safeint" || d.format?.startsWith("int"))) integer = true;
      }
      out.push({ path, kind: "number", min, max, integer, ...(dflt !== undefined ? { default: dflt } : {}) });
      return;
    }
    case "enum":
      out.push({ path, kind: "enum", values: Object.values(def.entries ?? {}), ...(dflt !== undefined ? { default: dflt } : {}) });
      return;
    case "boolean":
      out.push({ path, kind: "boolean", ...(dflt !== undefined ? { default: dflt } : {}) });
      return;
    default:
      return; // strings, arrays, records, literals: not parameters of a model
  }
}

function resolveDefault(v: unknown): unknown {
  return typeof v === "function" ? (v as () => unknown)() : v;
}
