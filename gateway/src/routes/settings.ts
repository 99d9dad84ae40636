import { GTFS_CAUSES } from '@feeddesk/server/causes/delay-cause';
import { listDelayCauses } from '@feeddesk/server/causes/list-delay-causes';
import { saveDelayCauses } from '@feeddesk/server/causes/save-delay-causes';
import { requireRole } from '@feeddesk/server/http/require-role';
import { getOperatorSettings } from '@feeddesk/server/operator-settings/get-operator-settings';
import {
  APPROVAL_SETTINGS,
  type OperatorSettings,
} from '@feeddesk/server/operator-settings/operator-settings';
import { saveOperatorSettings } from '@feeddesk/server/operator-settings/save-operator-settings';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { ROLE_REFUSALS, refusals } from '../support/schemas.ts';

const Language = Type.Object({
  tag: Type.String({ maxLength: 100, description: 'A BCP 47 tag, e.g. es-US; stored in canonical form.' }),
  name: Type.String({ maxLength: 500, description: 'The name editors read; empty = its English name.' }),
});
const Settings = Type.Object({
  languages: Type.Array(Language, { description: 'The languages offered for alert texts, in order.' }),
  defaultLanguage: Type.String(),
  urlLanguage: Type.String(),
  busRouteIds: Type.Array(Type.String(), {
    description:
      'The bus routes (route_type 3) replacement buses run on, the first when a disruption names none.',
  }),
  approval: Type.String({
    enum: [...APPROVAL_SETTINGS],
    description: 'Two-person approval of saves by users without the approve role.',
  }),
  requiredLanguages: Type.Array(Type.String(), {
    description:
      'The languages every published alert must carry a header in (offered tags); the default language alone unless chosen.',
  }),
  updatedAt: Type.Union([Type.String(), Type.Null()], { description: 'Null: the demo defaults apply.' }),
  updatedBy: Type.Union([Type.String(), Type.Null()]),
});
// Loose bounds here (a hostile body stops at 400); the service words the faults within them.
const Body = Type.Object({
  languages: Type.Array(Language, { maxItems: 200 }),
  defaultLanguage: Type.String({ maxLength: 100 }),
  urlLanguage: Type.String({ maxLength: 100 }),
  busRouteIds: Type.Optional(
    Type.Array(Type.String({ maxLength: 200 }), {
      maxItems: 200,
      description:
        'The bus routes (route_type 3) replacement buses run on; a rail route is refused (400). Absent: kept.',
    }),
  ),
  approval: Type.Optional(
    Type.Union(
      APPROVAL_SETTINGS.map((a) => Type.Literal(a)),
      { description: 'off | alerts | alerts_and_disruptions. Absent: kept.' },
    ),
  ),
  requiredLanguages: Type.Optional(
    Type.Array(Type.String({ maxLength: 100 }), {
      maxItems: 200,
      description:
        'The languages every published alert must carry a header in, each offered; at least one. Absent: kept.',
    }),
  ),
  confirmRemoval: Type.Optional(
    Type.Boolean({ description: 'Go on although live alerts or templates use a language removed.' }),
  ),
});

const Cause = Type.Object(
  {
    code: Type.String({
      maxLength: 100,
      description: 'Upper case letters, digits and _, e.g. SIGNAL_FAILURE.',
    }),
    labels: Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 500 }), {
      description: 'The label by BCP 47 language tag, e.g. {"en-ZA": "Signal failure"}.',
    }),
    gtfsCause: Type.String({
      enum: [...GTFS_CAUSES],
      description: "The GTFS-Realtime Alert.Cause a disruption's drafted alert takes.",
    }),
  },
  { additionalProperties: false },
);
const Causes = Type.Object({ causes: Type.Array(Cause) });
// Loose bounds here (10 000 causes stop at 400 before the service reads them); the service words the rest.
const CausesBody = Type.Object(
  { causes: Type.Array(Cause, { maxItems: 1000 }) },
  { additionalProperties: false },
);

const tags = ['settings'];
const shaped = (s: OperatorSettings) => ({ ...s, updatedAt: s.updatedAt?.toISOString() ?? null });

/** /settings of docs/rest-api.md "Operator settings": read (any logged-in user), write (admin). */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/',
    {
      onRequest: requireRole(null),
      schema: {
        tags,
        summary:
          'The operator settings: the languages offered for alert texts, the default and URL languages.',
        response: { 200: Settings, ...refusals(401) },
      },
    },
    async () => shaped(await getOperatorSettings(app.deps)),
  );

  app.put<{ Body: Static<typeof Body> }>(
    '/',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        summary:
          'Replace the operator settings (admin); audited. 409 languages_in_use names what uses a language removed.',
        body: Body,
        response: { 200: Settings, ...refusals(400, ...ROLE_REFUSALS, 409) },
      },
    },
    async (request) =>
      shaped(await saveOperatorSettings(app.deps, { ...request.body, by: request.user!.username })),
  );

  app.get(
    '/causes',
    {
      onRequest: requireRole(null),
      schema: {
        tags,
        summary: 'The catalogue of delay causes, in its order: what a trip update or a disruption may carry.',
        response: { 200: Causes, ...refusals(401) },
      },
    },
    async () => ({ causes: await listDelayCauses(app.deps) }),
  );

  app.put<{ Body: Static<typeof CausesBody> }>(
    '/causes',
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        summary: `Replace the catalogue of delay causes (admin; at most 100); audited.`,
        body: CausesBody,
        response: { 200: Causes, ...refusals(400, ...ROLE_REFUSALS, 413) },
      },
    },
    async (request) => ({
      causes: await saveDelayCauses(app.deps, { causes: request.body.causes, by: request.user!.username }),
    }),
  );
};
