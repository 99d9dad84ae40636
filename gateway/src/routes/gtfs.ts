import { requireRole } from '@feeddesk/server/http/require-role';
import { keepUploadQuota, takeUploadQuota, takeUploadSlot } from '@feeddesk/server/http/upload-slots';
import { getScheduleInfo } from '@feeddesk/server/schedule/current/get-schedule-info';
import { startScheduleUpload } from '@feeddesk/server/schedule/import/start-schedule-upload';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { readUpload } from '../support/read-form.ts';
import { Binary, contentOf, ROLE_REFUSALS, refusals, Text } from '../support/schemas.ts';

const tags = ['gtfs'];

/** /gtfs of docs/rest-api.md: the schedule upload (a job) and the time of the last load. */
export const gtfsRoutes: FastifyPluginAsync = async (app) => {
  // The caller, its quota of uploads and a free upload slot are checked before a byte of the body is read.
  const onRequest = [requireRole('gtfs'), takeUploadQuota(app.deps), takeUploadSlot(app.deps)];
  app.post(
    '/upload_gtfs',
    {
      onRequest,
      schema: {
        tags,
        summary:
          'Upload a schedule workbook (.xlsx) or GTFS zip (gtfs): answers the job id; follow it over /ws.',
        documentedBody: {
          'multipart/form-data': Type.Object({ file: { ...Binary, description: 'At most UPLOAD_MAX_MB.' } }),
        },
        response: {
          200: contentOf('The job id.', { 'text/plain': Text }),
          ...refusals(400, ...ROLE_REFUSALS, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const file = await readUpload(request, 'file');
      // The quota is held until the load ends, not only until this answer.
      const quota = keepUploadQuota(request);
      let jobId: string;
      try {
        ({ jobId } = await startScheduleUpload(app.deps, {
          file,
          user: request.user!,
          onWorkEnded: quota.ended,
        }));
      } catch (error) {
        quota.ended();
        throw error;
      }
      quota.started(jobId);
      return reply.type('text/plain; charset=utf-8').send(jobId);
    },
  );

  app.get(
    '/time_since_last_schedule',
    {
      schema: {
        tags,
        summary: 'POSIX seconds (a float) of the last successful schedule load; 0 when none.',
        response: { 200: contentOf('POSIX seconds.', { 'text/plain': Text }) },
      },
    },
    async (_request, reply) => {
      const info = await getScheduleInfo(app.deps);
      return reply.type('text/plain; charset=utf-8').send(String(info.timeSinceLastSchedule));
    },
  );
};
