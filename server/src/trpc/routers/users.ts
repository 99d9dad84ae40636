import { createUser } from '../../users/create-user.ts';
import { deleteUser } from '../../users/delete-user.ts';
import { listUsers } from '../../users/list-users.ts';
import { updateUser } from '../../users/update-user.ts';
import { adminProcedure, router } from '../trpc.ts';
import { createUserInput, deleteUserInput, updateUserInput } from './users.schemas.ts';

export const usersRouter = router({
  list: adminProcedure.query(({ ctx }) => listUsers(ctx.deps)),
  create: adminProcedure.input(createUserInput).mutation(async ({ ctx, input }) => {
    await createUser(ctx.deps, { ...input, by: ctx.user.username });
    return { message: 'Successfully added this user.' };
  }),
  update: adminProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => {
    await updateUser(ctx.deps, { userId: input.id, ...input, by: ctx.user.username });
    return { message: 'Successfully modified this user.' };
  }),
  delete: adminProcedure.input(deleteUserInput).mutation(async ({ ctx, input }) => {
    await deleteUser(ctx.deps, {
      username: input.username,
      actingUserId: ctx.user.id,
      by: ctx.user.username,
    });
    return { message: `Successfully deleted user ${input.username}` };
  }),
});
