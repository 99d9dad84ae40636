import { requireRole } from '@feeddesk/server/http/require-role';
import { deleteSummary } from '@feeddesk/server/summaries/delete-summary';
import { getSummary } from '@feeddesk/server/summaries/get-summary';
import { listSummaries } from '@feeddesk/server/summaries/list-summaries';
import { startSummary } from '@feeddesk/server/summaries/start-summary';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';

const Period = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
});
const Name = Type.Object({ name: Type.String({ maxLength: 200 }) });
const Message = Type.Object({ message: Type.String() });

/** /excel of contract.md (role excel): history summaries, stored in the database. */
export const excelRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireRole('excel'));

  app.get('/list_excel', { schema: { response: { 200: Type.Array(Type.String()) } } }, async () =>
    (await listSummaries(app.deps)).map((s) => s.name),
  );

  app.post<{ Querystring: Static<typeof Period> }>(
    '/make_excel',
    { schema: { querystring: Period, response: { 200: Type.String() } } },
    async (request, reply) => {
      const { id, username } = request.user!;
      const { from, to } = request.query;
      const { jobId } = await startSummary(app.deps, { createdBy: { id, username }, from, to });
      return reply.type('text/plain; charset=utf-8').send(jobId);
    },
  );

  app.get<{ Params: Static<typeof Name> }>('/:name', { schema: { params: Name } }, async (request, reply) => {
    const file = await getSummary(app.deps, { name: request.params.name });
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });

  app.delete<{ Params: Static<typeof Name> }>(
    '/:name',
    { schema: { params: Name, response: { 200: Message } } },
    async (request) => {
      await deleteSummary(app.deps, { name: request.params.name });
      return { message: `Successfully deleted ${request.params.name}.` };
    },
  );
};
