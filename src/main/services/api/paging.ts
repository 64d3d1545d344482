import type { Paging } from '../../../shared/domain/index.ts';
import type { HttpClient, RequestSpec } from './http-client.ts';

/** A list answer: `{data, paging}`. */
export interface Page<T> {
  data: T[];
  paging: Paging;
}

/**
 * Walks a list page by page, following `paging.next` (an absolute URL that keeps every query
 * parameter) until it is null. Each page goes through the rate gate like any call; stopping the
 * loop (break, return) stops the requests. The first request is `spec`; later ones reuse its
 * operation, area and schema with the link as the path.
 */
export async function* walkPages<T>(
  http: HttpClient,
  spec: RequestSpec,
): AsyncGenerator<Page<T>, void, undefined> {
  let request: RequestSpec = spec;
  const seen = new Set<string>();
  for (;;) {
    const page = await http.send<Page<T>>(request);
    yield page;
    const next = page?.paging?.next;
    // An empty page (limit=0) or a link already followed would loop forever: stop there.
    if (!next || !Array.isArray(page.data) || page.data.length === 0 || seen.has(next)) return;
    seen.add(next);
    request = { ...spec, path: next, query: undefined };
  }
}

/** The items of every page, in order. */
export async function* walkItems<T>(http: HttpClient, spec: RequestSpec): AsyncGenerator<T, void, undefined> {
  for await (const page of walkPages<T>(http, spec)) yield* page.data;
}
