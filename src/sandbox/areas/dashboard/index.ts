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
    const table = buildReport(report);
    if (report.query.format === 'csv') {
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(report.query.filename ?? report.query.report_type))
        .send(csvStream(table));
    }
    return reply.type('application/json; charset=utf-8').send(jsonStream(table));
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
