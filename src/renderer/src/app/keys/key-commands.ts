/**
 * Every keyboard command of the app, with its keys (tinykeys syntax) and how the help names it.
 * One catalogue, so the keys are bound once (see use-app-keys.ts) and `?` can list them all;
 * an area only says what a command does while it is on screen (key-registry.ts).
 */
export const keyCommands = {
  next: { keys: ['j'], label: 'Next row', group: 'List' },
  previous: { keys: ['k'], label: 'Previous row', group: 'List' },
  open: { keys: ['Enter', 'o'], label: 'Open the highlighted row', group: 'List' },
  close: { keys: ['Escape'], label: 'Close the open pane', group: 'List' },
  select: { keys: ['x'], label: 'Select or unselect the row', group: 'List' },
  search: { keys: ['/'], label: 'Search', group: 'List' },
  showNew: { keys: ['n'], label: 'Show the new interactions', group: 'List' },
  toggleRead: { keys: ['r'], label: 'Mark read or unread', group: 'Triage' },
  archive: { keys: ['e'], label: 'Archive or unarchive', group: 'Triage' },
  followUp: { keys: ['f'], label: 'Follow up or not', group: 'Triage' },
  tag: { keys: ['t'], label: 'Tags…', group: 'Triage' },
  assign: { keys: ['a'], label: 'Assign…', group: 'Triage' },
  sendReply: { keys: ['$mod+Enter'], label: 'Send the reply (in the reply box)', group: 'Reply' },
  undo: { keys: ['z'], label: 'Undo the last triage', group: 'Triage' },
  goInbox: { keys: ['g i'], label: 'Go to the inbox', group: 'Go to' },
  goTags: { keys: ['g t'], label: 'Go to tags', group: 'Go to' },
  help: { keys: ['[Shift]+?'], label: 'Show these keys', group: 'Help' },
} as const satisfies Record<string, { keys: readonly string[]; label: string; group: string }>;

export type KeyCommand = keyof typeof keyCommands;

/** A key as the help shows it: "g i" as two presses, "[Shift]+?" as "?". */
export function keyLabel(key: string): string {
  if (key === 'Escape') return 'Esc';
  return key.replace(/^\[Shift\]\+/, '').replace('$mod+', onMac ? '⌘' : 'Ctrl+');
}

/** `$mod` is Cmd on a Mac and Ctrl elsewhere (tinykeys reads it the same way). */
const onMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
