import { operatorSettings } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { DEMO_SETTINGS, type OperatorSettings } from './operator-settings.ts';

/** The operator's settings; the demo's (the South African nine) until an administrator saves some. */
export async function getOperatorSettings(deps: Pick<Deps, 'db'>): Promise<OperatorSettings> {
  const [row] = await deps.db.select().from(operatorSettings).where(eq(operatorSettings.id, 1));
  if (!row) return { ...DEMO_SETTINGS, languages: DEMO_SETTINGS.languages.map((l) => ({ ...l })) };
  return {
    languages: row.languages,
    defaultLanguage: row.defaultLanguage,
    urlLanguage: row.urlLanguage,
    busRouteIds: row.busRouteIds ?? [],
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}
