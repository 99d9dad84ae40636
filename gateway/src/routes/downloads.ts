import { sendStoredFile } from '@feeddesk/server/http/send-stored-file';
import { getScheduleFile, type ScheduleFileName } from '@feeddesk/server/schedule/current/get-schedule-file';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Binary, contentOf, notModified, refusals } from '../support/schemas.ts';

const PATHS: Record<string, ScheduleFileName> = {
  '/gtfs.xlsx': 'gtfs.xlsx',
  '/gtfs.zip': 'gtfs.zip',
  '/result/report.html': 'report.html',
  '/result/report.json': 'report.json',
};

const DOCUMENTED: Record<ScheduleFileName, { summary: string; type: string }> = {
  'gtfs.xlsx': {
    summary: 'The current schedule as a workbook.',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  'gtfs.zip': { summary: 'The current GTFS zip.', type: 'application/zip' },
  'report.html': {
    summary: "The current schedule's validation report (HTML); ?job=<upload job id>: that upload's.",
    type: 'text/html',
  },
  'report.json': {
    summary: "The current schedule's validation report (JSON); ?job=<upload job id>: that upload's.",
    type: 'application/json',
  },
};

function downloadSchema(name: ScheduleFileName) {
  const { summary, type } = DOCUMENTED[name];
  return {
    tags: ['gtfs'],
    summary,
    ...(name.startsWith('report.')
      ? { querystring: Type.Object({ job: Type.Optional(Type.String({ maxLength: 100 })) }) }
      : {}),
    response: {
      200: contentOf('The file, streamed; ETag, Last-Modified and Content-Length set.', { [type]: Binary }),
      304: notModified(
        'The file matches If-None-Match (or, without it, is not newer than If-Modified-Since).',
      ),
      ...refusals(404),
    },
  };
}

/** /static/shared downloads of docs/rest-api.md, served from the database so every process has them. */
export const downloadRoutes: FastifyPluginAsync = async (app) => {
  for (const [path, name] of Object.entries(PATHS)) {
    app.get<{ Querystring: { job?: string } }>(
      path,
      { schema: downloadSchema(name) },
      async (request, reply) => {
        const file = await getScheduleFile(app.deps, name, { jobId: request.query.job });
        return sendStoredFile(app.deps, request, reply, file, {
          cacheControl: 'no-cache',
          attachment: name === 'report.html' ? undefined : name,
        });
      },
    );
  }
};
