import { operatorSettings } from '@feeddesk/drizzle';
import { eq } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import {
  APPROVAL_SETTINGS,
  type ApprovalSetting,
  DEMO_SETTINGS,
  keptRequiredLanguages,
  type OperatorSettings,
} from './operator-settings.ts';

const isApprovalSetting = (value: string): value is ApprovalSetting =>
  (APPROVAL_SETTINGS as readonly string[]).includes(value);

/** The operator's settings; the demo's (the South African nine) until an administrator saves some. */
export async function getOperatorSettings(deps: Pick<Deps, 'db'>): Promise<OperatorSettings> {
  const [row] = await deps.db.select().from(operatorSettings).where(eq(operatorSettings.id, 1));
  if (!row)
    return {
      ...DEMO_SETTINGS,
      languages: DEMO_SETTINGS.languages.map((l) => ({ ...l })),
      requiredLanguages: [...DEMO_SETTINGS.requiredLanguages],
    };
  return {
    languages: row.languages,
    defaultLanguage: row.defaultLanguage,
    urlLanguage: row.urlLanguage,
    busRouteIds: row.busRouteIds ?? [],
    approval: isApprovalSetting(row.approval) ? row.approval : 'off',
    requiredLanguages: keptRequiredLanguages(row.requiredLanguages, row.languages, row.defaultLanguage),
    updatedAt: row.updatedAt,
    updatedBy: row.updatedBy,
  };
}
