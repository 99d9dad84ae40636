import { requireRole } from '@feeddesk/server/http/require-role';
import { listScheduleVersions } from '@feeddesk/server/schedule/list-schedule-versions';
import { diffScheduleVersions } from '@feeddesk/server/schedule/versions/diff-schedule-versions';
import { rollbackScheduleVersion } from '@feeddesk/server/schedule/versions/rollback-schedule-version';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { RolledBack, ScheduleDiff, VersionList } from '../schemas/schedule-versions.ts';
import { ROLE_REFUSALS, refusals } from '../support/schemas.ts';

const VersionId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const DiffParams = Type.Object({ a: VersionId, b: VersionId });
const RollbackParams = Type.Object({ id: VersionId });

/** /gtfs/versions (gtfs): the kept schedule versions, the diff of two, and the rollback to one. */
export const scheduleVersionRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', requireRole('gtfs'));

  app.get('/', { schema: { response: { 200: VersionList, ...refusals(...ROLE_REFUSALS) } } }, () =>
    listScheduleVersions(app.deps),
  );

  app.get<{ Params: Static<typeof DiffParams> }>(
    '/:a/diff/:b',
    // 409 schedule_version_pruned: a version that no longer keeps its rows.
    {
      schema: {
        params: DiffParams,
        response: { 200: ScheduleDiff, ...refusals(400, ...ROLE_REFUSALS, 404, 409) },
      },
    },
    (request) => diffScheduleVersions(app.deps, { from: request.params.a, to: request.params.b }),
  );

  app.post<{ Params: Static<typeof RollbackParams> }>(
    '/:id/rollback',
    // 409: already current, pruned, or a load under way.
    {
      schema: {
        params: RollbackParams,
        response: { 200: RolledBack, ...refusals(400, ...ROLE_REFUSALS, 404, 409) },
      },
    },
    (request) =>
      rollbackScheduleVersion(app.deps, { versionId: request.params.id, by: request.user!.username }),
  );
};
