import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AreaContext, SandboxArea } from '../../area.ts';
import { buildReport } from './report-data.ts';
import { contentDisposition, csvStream, jsonStream } from './report-output.ts';
import { readReportRequest } from './report-request.ts';

/**
 * {dashboard_url}: report data (interface.md ops 12-13, conventions §8 and §10). Reports are
 * computed, not stored, so this area has no tables and no seed step. Both methods share the
 * stricter `reports` rate-limit bucket (60 calls per window).
 */
function answer(ctx: AreaContext, withBody: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const report = readReportRequest(request, ctx.now(), withBody);
    const csv = report.query.format === 'csv';
    reply.type(csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
    if (csv) {
      reply.header(
        'content-disposition',
        contentDisposition(report.query.filename ?? report.query.report_type),
      );
    }
    // HEAD wants the headers only: Fastify would drain a streamed body to discard it, which for
    // a million-row report means seconds of work that slow every call after it.
    if (request.method === 'HEAD') return reply.send();
    const table = buildReport(report);
    return reply.send(csv ? csvStream(table) : jsonStream(table));
  };
}

export const dashboardArea: SandboxArea = {
  name: 'dashboard',
  createTables() {},
  seed() {},
  routes(app, ctx) {
    const config = { rateLimit: { bucket: 'reports', limit: 60 } };
    app.get('/reports/data', { config }, answer(ctx, false));
    app.put('/reports/data', { config }, answer(ctx, true));
  },
};
