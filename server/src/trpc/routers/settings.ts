import { listDelayCauses } from '../../causes/list-delay-causes.ts';
import { saveDelayCauses } from '../../causes/save-delay-causes.ts';
import { findScheduleLanguages } from '../../operator-settings/find-schedule-languages.ts';
import { getOperatorSettings } from '../../operator-settings/get-operator-settings.ts';
import { saveOperatorSettings } from '../../operator-settings/save-operator-settings.ts';
import { adminProcedure, authedProcedure, router } from '../trpc.ts';
import { saveDelayCausesInput, saveOperatorSettingsInput } from './settings.schemas.ts';

/**
 * The operator's settings (docs/contract-notes.md "Operator settings"): every logged-in screen reads the languages offered for alert
 * texts (editors' menus, the feed list's names); administrators change them.
 */
export const settingsRouter = router({
  get: authedProcedure.query(({ ctx }) => getOperatorSettings(ctx.deps)),
  scheduleLanguages: adminProcedure.query(({ ctx }) => findScheduleLanguages(ctx.deps)),
  save: adminProcedure.input(saveOperatorSettingsInput).mutation(async ({ ctx, input }) => {
    const settings = await saveOperatorSettings(ctx.deps, { ...input, by: ctx.user.username });
    return { settings, message: 'Settings saved.' };
  }),
  /** The catalogue of delay causes the trip editor and the disruption form offer. */
  causes: authedProcedure.query(({ ctx }) => listDelayCauses(ctx.deps)),
  saveCauses: adminProcedure.input(saveDelayCausesInput).mutation(async ({ ctx, input }) => {
    const causes = await saveDelayCauses(ctx.deps, { causes: input.causes, by: ctx.user.username });
    return { causes, message: 'Delay causes saved.' };
  }),
});
