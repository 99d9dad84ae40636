import type { Deps } from '../../deps.ts';
import {
  findScheduleLanguages,
  scheduleLanguagesSentence,
} from '../../operator-settings/find-schedule-languages.ts';
import { getOperatorSettings } from '../../operator-settings/get-operator-settings.ts';

/** After a new schedule: the upload's log says its language and whether the settings offer it. */
export async function reportScheduleLanguages(
  deps: Pick<Deps, 'db'>,
  progress: (message: string) => Promise<void>,
): Promise<void> {
  const found = await findScheduleLanguages(deps);
  const sentence = scheduleLanguagesSentence(found, (await getOperatorSettings(deps)).languages);
  if (sentence) await progress(sentence);
}
