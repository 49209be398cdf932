import { DashboardQuerySchema, DashboardSchema } from '@shop/contracts/dashboard';
import { SalesReportQuerySchema, SalesReportSchema } from '@shop/contracts/reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../modules/auth/index.ts';
import { dashboard } from '../read-models/dashboard.ts';
import { salesReport, salesReportCsv } from '../read-models/sales.ts';

/** Sales reports for partner stores and the back office's dashboard (staff; store staff their own store). */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['reports'];

  r.get(
    '/api/reports/sales',
    {
      schema: {
        querystring: SalesReportQuerySchema,
        response: { 200: z.union([SalesReportSchema, z.string()]) },
        tags,
      },
    },
    async (req, reply) => {
      const report = await salesReport(db, requireStaff(req.staff), req.query);
      reply.header('cache-control', 'no-store');
      if (req.query.format !== 'csv') return report;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ventas-${report.from}-${report.to}.csv"`)
        .send(salesReportCsv(report));
    },
  );

  r.get(
    '/api/dashboard',
    { schema: { querystring: DashboardQuerySchema, response: { 200: DashboardSchema }, tags } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return dashboard(db, requireStaff(req.staff), req.query.storeId);
    },
  );
}
