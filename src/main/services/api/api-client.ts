import { createCampaignsApi } from './campaigns.ts';
import { createCommunityApi } from './community.ts';
import { HttpClient, type HttpClientOptions } from './http-client.ts';
import { createReportsApi } from './reports.ts';
import { createSchedulerApi } from './scheduler.ts';

/**
 * The client of one profile: its four base URLs, its token getter and its application's rate
 * gate, with one typed module per area. Create it again when the profile changes; keep the gate
 * (one per application) across clients of the same profile.
 */
export function createApiClient(options: HttpClientOptions) {
  const http = new HttpClient(options);
  return {
    http,
    diagnostics: http.diagnostics,
    campaigns: createCampaignsApi(http),
    scheduler: createSchedulerApi(http),
    reports: createReportsApi(http),
    community: createCommunityApi(http),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
export type { HttpClientOptions } from './http-client.ts';
