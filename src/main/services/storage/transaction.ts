import type { DatabaseSync } from 'node:sqlite';

// Savepoint depth per connection, for the names of nested savepoints (readable in a trace).
const depths = new WeakMap<DatabaseSync, number>();

/**
 * Runs `work` in one transaction: committed when it returns, rolled back when it throws (and the
 * error rethrown). The outermost call takes the write lock up front (BEGIN IMMEDIATE), so two
 * connections never both read and then fail to upgrade to writing halfway through; busy_timeout
 * makes the second one wait instead. A call inside another runs as a savepoint: it can fail and
 * roll back its own part while the outer transaction goes on, so services compose.
 *
 * `work` must be synchronous (node:sqlite is): a promise would let the transaction commit before
 * the awaited work ran, so a returned promise is refused and the transaction rolled back.
 */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  const depth = depths.get(db) ?? 0;
  const savepoint = `nested_${depth}`;
  const outermost = !db.isTransaction;
  db.exec(outermost ? 'BEGIN IMMEDIATE' : `SAVEPOINT ${savepoint}`);
  depths.set(db, depth + 1);
  try {
    const result = work();
    if (isThenable(result)) {
      // Its own later failure is part of the same mistake, reported by the error below.
      Promise.resolve(result).catch(() => {});
      throw new TypeError('transaction(): the work must be synchronous; it returned a promise.');
    }
    db.exec(outermost ? 'COMMIT' : `RELEASE ${savepoint}`);
    return result;
  } catch (error) {
    // A failed COMMIT can leave SQLite having rolled back already; only roll back what is open.
    if (outermost) {
      if (db.isTransaction) db.exec('ROLLBACK');
    } else {
      db.exec(`ROLLBACK TO ${savepoint}`);
      db.exec(`RELEASE ${savepoint}`);
    }
    throw error;
  } finally {
    depths.set(db, depth);
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
  );
}
