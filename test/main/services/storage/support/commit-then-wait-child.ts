/**
 * Run by profile-databases.test.ts: opens a profile's database as the app does, commits one
 * draft-like row, says so on stdout and then waits, so the test can kill it with SIGKILL at a
 * moment when the row is acknowledged but the connection was never closed (nothing checkpointed).
 */
import { createProfileDatabases } from '../../../../../src/main/services/storage/profile-databases.ts';
import { transaction } from '../../../../../src/main/services/storage/transaction.ts';

const [directory, profileId, value] = process.argv.slice(2) as [string, string, string];
const db = createProfileDatabases({ directory }).open(profileId);
transaction(db, () => db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run('draft', value));
process.stdout.write('committed\n');
// Keeps the process alive until it is killed.
setInterval(() => {}, 60_000);
