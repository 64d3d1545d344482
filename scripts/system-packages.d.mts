export interface SystemNeed {
  command: string;
  pkg: string;
  usedBy: string;
}
export const systemNeeds: SystemNeed[];
export function chromiumPath(env?: Record<string, string | undefined>): string;
export function installPlan(
  pkgs: string[],
  machine: {
    platform: string;
    isRoot: boolean;
    has: (program: string) => boolean;
    sudoWithoutPassword: () => boolean;
  },
): { commands: string[][] } | { commands: null; reason: string };
export function missingLine(missing: SystemNeed[]): string | null;
export function bringSystemNeeds(): SystemNeed[];
