/** The domain model: types and zod schemas of every resource and enum of the interface. */
export * from './enums.ts';
export * from './common.ts';
export * from './service-areas.ts';
export * from './campaigns.ts';
export * from './campaign-stats.ts';
export * from './scheduled-post-common.ts';
export * from './scheduled-posts.ts';
export * from './reports.ts';
export * from './community.ts';
export * from './community-stats.ts';
export * from './community-workflows.ts';
export * from './inbox-counting.ts';
export * from './query-params.ts';
export * from './queries.ts';
export * from './waiting.ts';
export * from './replies.ts';
export * from './canned-reply-text.ts';
