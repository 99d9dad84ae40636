import { AppError } from '@feeddesk/server/errors';
import { requireRole } from '@feeddesk/server/http/require-role';
import { getScheduleInfo } from '@feeddesk/server/schedule/current/get-schedule-info';
import { safeFileName } from '@feeddesk/server/schedule/import/safe-file-name';
import { startScheduleUpload } from '@feeddesk/server/schedule/import/start-schedule-upload';
import type { FastifyPluginAsync } from 'fastify';
import { readForm } from '../support/read-form.ts';

/** /gtfs of contract.md: the schedule upload (a job) and the time of the last load. */
export const gtfsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/upload_gtfs', { preHandler: requireRole('gtfs') }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('upload_missing', { message: 'Upload file!' });
    const form = await readForm(request);
    const file = form.files.file;
    if (!file) throw new AppError('upload_missing', { message: 'Upload file!' });
    const { jobId } = await startScheduleUpload(app.deps, {
      bytes: file.bytes,
      fileName: safeFileName(file.filename),
      user: request.user!,
    });
    return reply.type('text/plain; charset=utf-8').send(jobId);
  });

  app.get('/time_since_last_schedule', async (_request, reply) => {
    const info = await getScheduleInfo(app.deps);
    return reply.type('text/plain; charset=utf-8').send(String(info.timeSinceLastSchedule));
  });
};
