import { communityArea } from '../../../src/sandbox/areas/community/index.ts';
import { startSandbox, type SandboxOptions } from '../../../src/sandbox/start.ts';
import { TestSandbox, testSandboxDefaults } from '../helpers.ts';

/** A real sandbox serving the community area only, called over real HTTP (frozen clock). */
export async function startCommunitySandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  return new TestSandbox(await startSandbox({ ...testSandboxDefaults, areas: [communityArea], ...options }));
}

/** Lower-cased texts of an interaction that a free-text search looks at. */
export function searchableTexts(item: Record<string, unknown>): string[] {
  const texts: string[] = [];
  if (typeof item.text === 'string') texts.push(item.text);
  for (const list of [item.messages, item.replies]) {
    if (Array.isArray(list))
      for (const entry of list) if (typeof entry?.text === 'string') texts.push(entry.text);
  }
  return texts.map((text) => text.toLowerCase());
}
