import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

/**
 * Prepared statements cached per database and SQL text: routes build their SQL from the filters
 * they got, and the same few shapes repeat, so each shape is prepared once.
 */
const caches = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

export function prepareCached(db: DatabaseSync, sql: string): StatementSync {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    if (cache.size < 500) cache.set(sql, statement);
  }
  return statement;
}

/** A WHERE clause assembled from optional conditions, with its parameters in order. */
export class Where {
  readonly clauses: string[] = [];
  readonly params: SQLInputValue[] = [];

  add(clause: string, ...params: SQLInputValue[]): this {
    this.clauses.push(clause);
    this.params.push(...params);
    return this;
  }

  toString(): string {
    return this.clauses.length > 0 ? `WHERE ${this.clauses.join(' AND ')}` : '';
  }
}

/** Binds a list as one parameter: use with `IN (SELECT value FROM json_each(?))`. */
export function jsonList(values: readonly (number | string)[]): string {
  return JSON.stringify(values);
}

/** `*` wildcards to a LIKE pattern (escape char `\`); without `*` the text matches anywhere. */
export function likePattern(search: string): string {
  const escaped = search.replace(/[\\%_]/g, (char) => `\\${char}`);
  return search.includes('*') ? escaped.replace(/\*/g, '%') : `%${escaped}%`;
}

/** Runs `work` in one transaction: all of it happens, or none of it. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
