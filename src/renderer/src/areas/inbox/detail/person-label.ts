/**
 * How the pane names a user id (an assignee). One function, so the day ids have names (a local
 * address book) only this changes; until then the id itself, as "User 2".
 */
export function personLabel(id: number): string {
  return `User ${id}`;
}
