import type { Page } from '@playwright/test';

/** One answer the page received from the browser shell: a call's body, or the event stream's text. */
export interface RecordedAnswer {
  url: string;
  body: string;
}

/**
 * Wraps the page's `fetch` and `WebSocket` before any app script runs, copying every answer of the
 * bridge into `__recorded`: call answers through `clone()`, the event stream through `tee()` (one
 * branch for the app, one read here as it arrives), and each answer on the page's socket under the
 * name of the call it answers (`…/bridge/socket/call/<name>`). Runs in the browser; written against
 * `globalThis` so it type-checks with the Node library the e2e tests compile with.
 */
function installRecorder(): void {
  const scope = globalThis as unknown as {
    __recorded?: RecordedAnswer[];
    fetch: typeof fetch;
    WebSocket: typeof WebSocket;
  };
  const recorded: RecordedAnswer[] = [];
  scope.__recorded = recorded;
  const original = scope.fetch.bind(globalThis);

  const NativeSocket = scope.WebSocket;
  scope.WebSocket = class RecordedSocket extends NativeSocket {
    #names = new Map<string, string>();
    constructor(url: string | URL, protocols?: ConstructorParameters<typeof WebSocket>[1]) {
      super(url, protocols);
      this.addEventListener('message', (event: MessageEvent) => {
        const body = String(event.data);
        let name = '?';
        try {
          name = this.#names.get((JSON.parse(body) as { id: string }).id) ?? '?';
        } catch {
          // Not JSON: recorded under no call.
        }
        recorded.push({ url: `${String(url)}/call/${name}`, body });
      });
    }
    override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
      try {
        const sent = JSON.parse(String(data)) as { id?: string; name?: string };
        if (sent.id && sent.name) this.#names.set(sent.id, sent.name);
      } catch {
        // Not JSON: no call to name.
      }
      super.send(data);
    }
  };

  scope.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes('/bridge/')) return response;
    if (url.includes('/bridge/events') && response.body) {
      const [forApp, forRecord] = response.body.tee();
      const entry: RecordedAnswer = { url, body: '' };
      recorded.push(entry);
      void (async () => {
        const reader = forRecord.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return;
          entry.body += decoder.decode(value, { stream: true });
        }
      })().catch(() => {});
      return new Response(forApp, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    recorded.push({ url, body: await response.clone().text() });
    return response;
  };
}

/** Records every bridge answer of this page, from the next navigation on (reloads included). */
export async function recordBridge(page: Page): Promise<void> {
  await page.addInitScript(installRecorder);
}

/** What the current document recorded so far (a reload starts a new recording: collect before). */
export function recordedAnswers(page: Page): Promise<RecordedAnswer[]> {
  return page.evaluate(() => (globalThis as unknown as { __recorded?: RecordedAnswer[] }).__recorded ?? []);
}

/**
 * Every call of this page, or of every page of this context (from its next navigation on), by
 * fetch, none over the socket: where a test holds a call's answer (`page.route`), waits for it
 * (`waitForResponse`) or times it by its resource entry. A page with no socket calls by fetch
 * alone.
 */
export async function callsByFetch(target: {
  addInitScript(script: () => void): Promise<unknown>;
}): Promise<void> {
  await target.addInitScript(() => {
    delete (globalThis as { WebSocket?: unknown }).WebSocket;
  });
}
