export function canRunKeyringSession(): boolean;
export function inKeyringSession(
  command: string[],
  folders: { dataHome: string; controlDir: string },
): string[];
