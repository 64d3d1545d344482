import type { NamedId, NamedIdKind, NamedIds } from '../../../shared/contract/index.ts';
import type { ProfileDatabases } from '../storage/profile-databases.ts';
import { transaction } from '../storage/transaction.ts';

/** Naming an id with the name another id of the same kind already has (case aside). */
export class IdNameTakenError extends Error {
  readonly name = 'IdNameTakenError';
}

/** How a kind reads in a sentence: "content tag 12". */
const kindWords: Record<NamedIdKind, string> = { content_tag: 'Content tag', board: 'Board' };

/**
 * Each profile's names for the ids the interface lists nowhere (table `named_ids`, profile
 * migration 9): content tags and boards, named by the person the first time they use one, so the
 * composer shows "Spring sale" where the service only says 12. Users (reviewers) are named in
 * `people` (address-book.ts). Every change answers the whole book, which stays small.
 */
export function createNamedIds(databases: Pick<ProfileDatabases, 'open'>, now: () => number = Date.now) {
  function read(profileId: string): NamedIds {
    const db = databases.open(profileId);
    const rows = db.prepare('SELECT kind, id, name FROM named_ids').all() as unknown as NamedId[];
    const items = rows
      .map((row) => ({ kind: row.kind, id: Number(row.id), name: row.name }))
      .sort(
        (a, b) =>
          a.kind.localeCompare(b.kind) ||
          a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) ||
          a.id - b.id,
      );
    return { items };
  }

  return {
    read,

    name(profileId: string, kind: NamedIdKind, id: number, name: string): NamedIds {
      const db = databases.open(profileId);
      transaction(db, () => {
        const taken = db
          .prepare('SELECT id FROM named_ids WHERE kind = ? AND name = ? COLLATE NOCASE AND id <> ?')
          .get(kind, name, id) as { id: number } | undefined;
        if (taken) throw new IdNameTakenError(`${kindWords[kind]} ${taken.id} is already named "${name}".`);
        db.prepare(
          `INSERT INTO named_ids (kind, id, name, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (kind, id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at`,
        ).run(kind, id, name, now());
      });
      return read(profileId);
    },

    forget(profileId: string, kind: NamedIdKind, id: number): NamedIds {
      const db = databases.open(profileId);
      db.prepare('DELETE FROM named_ids WHERE kind = ? AND id = ?').run(kind, id);
      return read(profileId);
    },
  };
}

export type NamedIdsStore = ReturnType<typeof createNamedIds>;
