/**
 * Run by export-killed.test.ts in a process of its own, which the test kills (SIGKILL) half way
 * through a large report export, as a person or the system kills the app. The app's services in
 * the user-data folder named by the test, on its sandbox; the service's answer stops after its
 * first 256 KiB and never ends, so the export is surely still running when the kill comes.
 * Prints one line once the export is being written.
 */
import type { RunningSandbox } from '../support/sandbox.ts';
import { servicesOnSandbox } from '../support/services-on-sandbox.ts';

const [urls, token, userDataDir] = process.argv.slice(2) as [string, string, string];
const sandbox = { urls: JSON.parse(urls), tokens: { user: token } } as RunningSandbox;

/** The answer's first bytes, then nothing more, and no end. */
function stalled(response: Response): Response {
  const reader = response.body!.getReader();
  let handed = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (handed >= 256 * 1024) return new Promise<void>(() => {});
      const { value, done } = await reader.read();
      if (done) return controller.close();
      handed += value.length;
      controller.enqueue(value);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}

const app = await servicesOnSandbox(sandbox, {
  userDataDir,
  fetch: async (input, init) => {
    const response = await fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    return url.includes('/reports/data') ? stalled(response) : response;
  },
});
// The first progress event comes once the file is being written (its folder made).
const underway = new Promise<void>((resolve) =>
  app.events.subscribe((event) => event === 'exports:progress' && resolve()),
);
void app.call('reports:export', {
  config: {
    report_type: 'CONTENT_OWNED',
    channels: ['INSTAGRAM'],
    metrics: ['IMPRESSIONS', 'ENGAGEMENT_RATE'],
    brand_ids: [101],
    limit: 1_000_000,
  },
  fileName: 'killed',
});
await underway;
console.log(JSON.stringify({ started: true, downloadsFolder: app.downloadsFolder }));
