/**
 * The narrow part of better-sqlite3 (12.x; 13.x crashes on Node 20) that the memory store uses, typed here so
 * the package's types are not needed. Loaded with `createRequire` because better-sqlite3 is a CommonJS addon.
 */
import { createRequire } from "node:module";
import { DependencyError } from "../../core/errors.js";

export interface Statement {
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  iterate(...params: unknown[]): IterableIterator<unknown>;
}

export interface SqliteDatabase {
  prepare(sql: string): Statement;
  exec(sql: string): void;
  pragma(sql: string, opts?: { simple?: boolean }): unknown;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R;
  close(): void;
  readonly open: boolean;
}

type DatabaseConstructor = new (path: string, opts?: { readonly?: boolean; fileMustExist?: boolean }) => SqliteDatabase;

let ctor: DatabaseConstructor | undefined;

/**
 * Opens an SQLite database file with better-sqlite3.
 *
 * @throws DependencyError when better-sqlite3 cannot be loaded (not installed, or built for another Node).
 * @example
 * const db = openDatabase("memory.db");
 */
export function openDatabase(path: string, opts: { readonly?: boolean } = {}): SqliteDatabase {
  if (!ctor) {
    try {
      ctor = createRequire(import.meta.url)("better-sqlite3") as DatabaseConstructor;
    } catch (e) {
      throw new DependencyError(
        "better-sqlite3",
        `nous: cannot load better-sqlite3 (${(e as Error).message})`,
        "install it with `npm install --save-exact better-sqlite3@12.9.0` (13.x does not run on Node 20)",
      );
    }
  }
  return new ctor(path, opts.readonly ? { readonly: true, fileMustExist: true } : {});
}
