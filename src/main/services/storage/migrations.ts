import type { DatabaseSync } from 'node:sqlite';
import { transaction } from './transaction.ts';

/**
 * One step of a database's schema. `version` numbers run 1, 2, 3, ... with no gaps; `up` takes a
 * database at `version - 1` to `version`. Steps are never edited once released: a change is a new
 * step, because users' files are already at the old one.
 */
export interface Migration {
  version: number;
  up(db: DatabaseSync): void;
}

export class NewerDatabaseError extends Error {
  // Plain fields: the web shell runs this file with Node's type stripping (no parameter properties).
  readonly found: number;
  readonly latest: number;

  constructor(found: number, latest: number) {
    super(
      `This database is at schema version ${found}, newer than this Socialdesk knows (${latest}): ` +
        'it was written by a newer version of the app.',
    );
    this.name = 'NewerDatabaseError';
    this.found = found;
    this.latest = latest;
  }
}

export function userVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  return row.user_version;
}

/** The latest version a list reaches; throws on a list whose numbers are not 1..n in order. */
export function latestVersion(migrations: readonly Migration[]): number {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `Migrations must be numbered 1, 2, 3, ... in order; position ${index + 1} has version ${migration.version}.`,
      );
    }
  });
  return migrations.length;
}

/**
 * Brings `db` to the latest version of `migrations`, one transaction a step: the step's changes
 * and its new `user_version` commit together (the version lives in the file's header, which is
 * part of the transaction), so a step that fails leaves the schema and the version where they
 * were, and the next start retries it. Answers the version the database is at.
 */
export function migrate(db: DatabaseSync, migrations: readonly Migration[]): number {
  const latest = latestVersion(migrations);
  const found = userVersion(db);
  // Opening a newer file with older code would write rows its schema does not expect.
  if (found > latest) throw new NewerDatabaseError(found, latest);
  for (const migration of migrations.slice(found)) {
    transaction(db, () => {
      migration.up(db);
      // A PRAGMA takes no bound parameters; the version is an integer we checked above.
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
  return latest;
}
