import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src/main/services/api/api-client.ts';
import { ApiError } from '../../../../src/main/services/api/api-error.ts';
import type { Diagnostic } from '../../../../src/main/services/api/lenient.ts';
import { RateGate } from '../../../../src/main/services/api/rate-gate.ts';
import { sandboxForThisFile } from '../support/sandbox.ts';

/**
 * A service that answers a little differently from the interface (a new field, a number sent
 * as text, a paging link to elsewhere). The sandbox answers; the test's fetch edits the answer
 * on the way back, as a proxy or a newer service version would.
 */
const sandbox = await sandboxForThisFile();
const brand = sandbox.brands[0]!;

function clientWithEditedAnswers(edit: (body: Record<string, unknown>) => void, seenUrls: string[] = []) {
  const diagnostics: Diagnostic[] = [];
  const client = createApiClient({
    baseUrls: sandbox.urls,
    getToken: () => sandbox.tokens.user,
    gate: new RateGate(),
    onDiagnostic: (d) => diagnostics.push(d),
    fetch: async (input, init) => {
      seenUrls.push((input as Request).url);
      const response = await fetch(input, init);
      if (!response.ok) return response;
      const body = (await response.json()) as Record<string, unknown>;
      edit(body);
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    },
  });
  return { client, diagnostics };
}

describe('lenient responses', () => {
  it('keeps fields it does not know and hands over a wrongly typed one as sent, with a diagnostic', async () => {
    const { client, diagnostics } = clientWithEditedAnswers((body) => {
      const [first] = body.data as Record<string, unknown>[];
      first!.priority_label = 'VIP'; // a field the interface does not list
      first!.number_of_media = '12'; // a number sent as text
    });
    const page = await client.campaigns.list(brand, { limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.data[0]).toMatchObject({ priority_label: 'VIP', number_of_media: '12' });
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ operation: 'campaigns.list' });
    expect(diagnostics[0]!.issues.map((i) => i.path)).toContain('data.0.number_of_media');
    expect(JSON.stringify(diagnostics)).not.toContain('VIP'); // issues name paths, not values
    expect(client.diagnostics.entries()).toHaveLength(1);
  });

  it('does not follow a paging link to another address with the token', async () => {
    const urls: string[] = [];
    const { client } = clientWithEditedAnswers((body) => {
      const paging = body.paging as { next: string | null };
      if (paging?.next) paging.next = paging.next.replace(sandbox.origin, 'https://collector.example.net');
    }, urls);
    const walked: number[] = [];
    let failure: unknown;
    try {
      for await (const interaction of client.community.iterateInteractions({ brand_ids: [brand], limit: 10 }))
        walked.push(interaction.id);
    } catch (error) {
      failure = error;
    }
    expect(walked).toHaveLength(10); // the first page is used
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('unsafe_link');
    expect(urls.every((url) => url.startsWith(sandbox.origin))).toBe(true);
  });

  it.for(['//collector.example.net/community/community_interactions', '../library/brands'])(
    'refuses a relative link that leaves the base URL (%s)',
    async (link) => {
      const { client } = clientWithEditedAnswers(() => undefined);
      const error = await client.http
        .send({ operation: 'raw', area: 'community', method: 'GET', path: link })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ kind: 'unsafe_link' });
    },
  );
});
