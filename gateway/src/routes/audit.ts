import { Readable } from 'node:stream';
import { exportAuditEntries } from '@feeddesk/server/audit/export-audit-entries';
import { AUDIT_ENTRY_KINDS, listAuditEntries } from '@feeddesk/server/audit/list-audit-entries';
import { requireRole } from '@feeddesk/server/http/require-role';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { contentOf, ROLE_REFUSALS, refusals, Text } from '../support/schemas.ts';

const tags = ['audit'];

const Filter = {
  by: Type.Optional(Type.String({ maxLength: 200 })),
  kind: Type.Optional(Type.Union(AUDIT_ENTRY_KINDS.map((k) => Type.Literal(k)))),
  entity: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
};
const ListQuery = Type.Object({
  ...Filter,
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647 })),
});
const ExportQuery = Type.Object(Filter);
const Entries = Type.Object({
  total: Type.Integer(),
  entries: Type.Array(
    Type.Object({
      id: Type.String(),
      at: Type.String({ format: 'date-time' }),
      by: Type.Union([Type.String(), Type.Null()]),
      kind: Type.String(),
      action: Type.String(),
      entityId: Type.String(),
      summary: Type.String(),
    }),
  ),
});

const filterOf = (q: Static<typeof ExportQuery>) => ({
  ...q,
  from: q.from ? new Date(q.from) : undefined,
  to: q.to ? new Date(q.to) : undefined,
});

/**
 * /audit/entries and /audit/export (admin): who changed what and when, filtered and paged, and its
 * CSV export. /audit itself is the web screen.
 */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireRole('admin'));

  app.get<{ Querystring: Static<typeof ListQuery> }>(
    '/entries',
    {
      schema: {
        tags,
        summary: 'Who changed what and when (admin), filtered and paged, newest first.',
        querystring: ListQuery,
        response: { 200: Entries, ...refusals(400, ...ROLE_REFUSALS) },
      },
    },
    ({ query }) =>
      listAuditEntries(app.deps, { ...filterOf(query), limit: query.limit ?? 50, offset: query.offset ?? 0 }),
  );

  app.get<{ Querystring: Static<typeof ExportQuery> }>(
    '/export',
    {
      schema: {
        tags,
        summary: 'The audit trail as CSV (admin), with the same filters.',
        querystring: ExportQuery,
        response: {
          200: contentOf('The filtered trail, one change per row.', { 'text/csv': Text }),
          ...refusals(400, ...ROLE_REFUSALS),
        },
      },
    },
    (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(Readable.from(exportAuditEntries(app.deps, filterOf(request.query)))),
  );
};
