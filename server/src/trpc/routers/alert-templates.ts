import { deleteAlertTemplate } from '../../alert-templates/delete-alert-template.ts';
import { listAlertTemplates } from '../../alert-templates/list-alert-templates.ts';
import { saveAlertTemplate } from '../../alert-templates/save-alert-template.ts';
import { adminProcedure, editProcedure, router } from '../trpc.ts';
import { deleteAlertTemplateInput, saveAlertTemplateInput } from './alert-templates.schemas.ts';

/**
 * Alert templates: controllers (edit) start alerts from them; administrators keep them, as they
 * keep the other settings of the desk (docs/spec.md §6 gives no role for templates; admin owns setup).
 */
export const alertTemplatesRouter = router({
  list: editProcedure.query(({ ctx }) => listAlertTemplates(ctx.deps)),
  save: adminProcedure.input(saveAlertTemplateInput).mutation(async ({ ctx, input }) => {
    const { id } = await saveAlertTemplate(ctx.deps, { ...input, by: ctx.user.username });
    return { id, message: 'Template saved.' };
  }),
  delete: adminProcedure.input(deleteAlertTemplateInput).mutation(async ({ ctx, input }) => {
    await deleteAlertTemplate(ctx.deps, input);
    return { message: 'Template deleted.' };
  }),
});
