import { requestPrincipal } from '@feeddesk/server/http/request-principal';
import { requireRole } from '@feeddesk/server/http/require-role';
import { sendStoredFile } from '@feeddesk/server/http/send-stored-file';
import { deleteSummary } from '@feeddesk/server/summaries/delete-summary';
import { getSummary } from '@feeddesk/server/summaries/get-summary';
import { listSummaries } from '@feeddesk/server/summaries/list-summaries';
import { startSummary } from '@feeddesk/server/summaries/start-summary';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Binary, contentOf, notModified, ROLE_REFUSALS, refusals, Text } from '../support/schemas.ts';

const Period = Type.Object({
  from: Type.Optional(Type.String({ maxLength: 40 })),
  to: Type.Optional(Type.String({ maxLength: 40 })),
});
const Name = Type.Object({ name: Type.String({ maxLength: 200 }) });
const Message = Type.Object({ message: Type.String() });
const tags = ['excel'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** /excel of docs/rest-api.md (role excel): history summaries, stored in the database. */
export const excelRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireRole('excel'));

  app.get(
    '/list_excel',
    {
      schema: {
        tags,
        summary: 'The summary workbooks, newest first.',
        response: { 200: Type.Array(Type.String()), ...refusals(...ROLE_REFUSALS) },
      },
    },
    async () => (await listSummaries(app.deps)).map((s) => s.name),
  );

  app.post<{ Querystring: Static<typeof Period> }>(
    '/make_excel',
    {
      schema: {
        tags,
        summary:
          'Start a summary of the history (from, to: agency dates, both included; none = all): answers the job id.',
        querystring: Period,
        response: {
          200: contentOf('The job id; follow it over /ws.', { 'text/plain': Text }),
          ...refusals(400, ...ROLE_REFUSALS, 429),
        },
      },
    },
    async (request, reply) => {
      const { id, username } = request.user!;
      const { from, to } = request.query;
      const { jobId } = await startSummary(app.deps, {
        createdBy: { id, username },
        from,
        to,
        // Every token's request.user has id 0: each token holds its own quota.
        principal: requestPrincipal(request),
      });
      return reply.type('text/plain; charset=utf-8').send(jobId);
    },
  );

  const download = {
    tags,
    summary: 'A summary workbook, as an attachment.',
    params: Name,
    response: {
      200: contentOf('The workbook, streamed.', { [XLSX]: Binary }),
      304: notModified('The workbook matches If-None-Match or If-Modified-Since.'),
      ...refusals(...ROLE_REFUSALS, 404),
    },
  };
  app.get<{ Params: Static<typeof Name> }>('/:name', { schema: download }, async (request, reply) => {
    const file = await getSummary(app.deps, { name: request.params.name });
    return sendStoredFile(app.deps, request, reply, file, {
      cacheControl: 'private, no-store',
      attachment: file.name,
    });
  });

  app.delete<{ Params: Static<typeof Name> }>(
    '/:name',
    {
      schema: {
        tags,
        summary: 'Delete a summary workbook.',
        params: Name,
        response: { 200: Message, ...refusals(...ROLE_REFUSALS, 404) },
      },
    },
    async (request) => {
      await deleteSummary(app.deps, { name: request.params.name });
      return { message: `Successfully deleted ${request.params.name}.` };
    },
  );
};
