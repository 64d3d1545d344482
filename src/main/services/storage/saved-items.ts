import { randomUUID } from 'node:crypto';
import type { ProfileDatabases } from './profile-databases.ts';
import { transaction } from './transaction.ts';

/** A named thing a person saved (an inbox view, a report configuration). Times: ISO 8601 UTC. */
export interface SavedItem<B> {
  id: string;
  name: string;
  body: B;
  createdAt: string;
  updatedAt: string;
}

interface SavedRow {
  id: string;
  name: string;
  body: string;
  created_at: number;
  updated_at: number;
}

/** Saving a name the same kind already uses in that profile, under another id. */
export class SavedNameTakenError extends Error {
  readonly name = 'SavedNameTakenError';
}

/**
 * One kind of saved item in each profile's database (table `saved_items`, migration 4), by name
 * in the order people think of them. `parse` checks a body read back (a row written by an older
 * version may no longer fit): a body it rejects is skipped by `list`, so one bad row never hides
 * the others.
 */
export function createSavedItems<B>(
  databases: Pick<ProfileDatabases, 'open'>,
  kind: string,
  parse: (body: unknown) => B,
  now: () => number = Date.now,
) {
  const toItem = (row: SavedRow): SavedItem<B> => ({
    id: row.id,
    name: row.name,
    body: parse(JSON.parse(row.body)),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  });

  return {
    list(profileId: string): SavedItem<B>[] {
      const rows = databases
        .open(profileId)
        .prepare('SELECT * FROM saved_items WHERE kind = ? ORDER BY name COLLATE NOCASE, id')
        .all(kind) as unknown as SavedRow[];
      return rows.flatMap((row) => {
        try {
          return [toItem(row)];
        } catch {
          return [];
        }
      });
    },

    get(profileId: string, id: string): SavedItem<B> | undefined {
      const row = databases
        .open(profileId)
        .prepare('SELECT * FROM saved_items WHERE kind = ? AND id = ?')
        .get(kind, id) as SavedRow | undefined;
      return row && toItem(row);
    },

    /**
     * Saves a new item, or replaces the one with `id`. A name another item of this kind already
     * has is refused (SavedNameTakenError) rather than making two entries nobody can tell apart.
     */
    save(profileId: string, entry: { id?: string; name: string; body: B }): SavedItem<B> {
      const db = databases.open(profileId);
      const id = entry.id ?? randomUUID();
      const at = now();
      return transaction(db, () => {
        const taken = db
          .prepare('SELECT id FROM saved_items WHERE kind = ? AND name = ? AND id <> ?')
          .get(kind, entry.name, id);
        if (taken) throw new SavedNameTakenError(`"${entry.name}" is already saved; choose another name.`);
        db.prepare(
          `INSERT INTO saved_items (id, kind, name, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, body = excluded.body, updated_at = excluded.updated_at`,
        ).run(id, kind, entry.name, JSON.stringify(entry.body), at, at);
        return toItem(db.prepare('SELECT * FROM saved_items WHERE id = ?').get(id) as unknown as SavedRow);
      });
    },

    remove(profileId: string, id: string): boolean {
      const result = databases
        .open(profileId)
        .prepare('DELETE FROM saved_items WHERE kind = ? AND id = ?')
        .run(kind, id);
      return result.changes > 0;
    },
  };
}
