import type { DatabaseSync } from 'node:sqlite';
import { prepared } from '../../drafts/draft-store.ts';
import type { TriageCapability } from '../triage-capability.ts';

/**
 * The triage extension's answer, kept in the profile's database per community address: started
 * with the service unreachable, the inbox offers triage (to be queued) exactly where the service
 * was last found to take it, and hides it where it does not, as online. A new address is asked
 * afresh.
 */
const metaKey = (communityUrl: string) => `triage_capability ${communityUrl}`;

export function rememberCapability(db: DatabaseSync, communityUrl: string, answer: TriageCapability): void {
  prepared(db, 'INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
    metaKey(communityUrl),
    JSON.stringify(answer),
  );
}

export function recalledCapability(db: DatabaseSync, communityUrl: string): TriageCapability | null {
  const row = prepared(db, 'SELECT value FROM meta WHERE key = ?').get(metaKey(communityUrl)) as
    { value: string } | undefined;
  return row ? (JSON.parse(row.value) as TriageCapability) : null;
}
