import { getScheduleFile, type ScheduleFileName } from '@feeddesk/server/schedule/current/get-schedule-file';
import type { FastifyPluginAsync } from 'fastify';

const PATHS: Record<string, ScheduleFileName> = {
  '/gtfs.xlsx': 'gtfs.xlsx',
  '/gtfs.zip': 'gtfs.zip',
  '/result/report.html': 'report.html',
  '/result/report.json': 'report.json',
};

/** /static/shared downloads of contract.md, served from the database so every process has them. */
export const downloadRoutes: FastifyPluginAsync = async (app) => {
  for (const [path, name] of Object.entries(PATHS)) {
    app.get(path, async (request, reply) => {
      const file = await getScheduleFile(app.deps, name);
      const lastModified = new Date(Math.floor(file.createdAt.getTime() / 1000) * 1000);
      reply.header('last-modified', lastModified.toUTCString()).header('cache-control', 'no-cache');
      const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
      if (!Number.isNaN(since) && lastModified.getTime() <= since) return reply.status(304).send();
      if (!name.startsWith('report.html'))
        reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply.type(file.contentType).send(file.bytes);
    });
  }
};
