import { schedulerArea } from '../../../src/sandbox/areas/scheduler/index.ts';
import { startSandbox, type SandboxOptions } from '../../../src/sandbox/start.ts';
import { TestSandbox, testSandboxDefaults } from '../helpers.ts';

/** A real sandbox serving the scheduler area only, called over real HTTP (frozen clock). */
export async function startSchedulerSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  return new TestSandbox(await startSandbox({ ...testSandboxDefaults, areas: [schedulerArea], ...options }));
}

/** A date-time `hours` after (or before, when negative) an ISO instant, at whole seconds. */
export function hoursFrom(iso: string, hours: number): string {
  return `${new Date(Date.parse(iso) + hours * 3_600_000).toISOString().slice(0, 19)}Z`;
}
