import { createApiToken } from '../../tokens/create-api-token.ts';
import { listApiTokens } from '../../tokens/list-api-tokens.ts';
import { revokeApiToken } from '../../tokens/revoke-api-token.ts';
import { adminProcedure, router } from '../trpc.ts';
import { createTokenInput, revokeTokenInput } from './tokens.schemas.ts';

/** The administrators' API token screen, over the same services as /auth/tokens. */
export const tokensRouter = router({
  list: adminProcedure.query(({ ctx }) => listApiTokens(ctx.deps)),
  create: adminProcedure
    .input(createTokenInput)
    .mutation(({ ctx, input }) => createApiToken(ctx.deps, { ...input, by: ctx.user.username })),
  revoke: adminProcedure.input(revokeTokenInput).mutation(async ({ ctx, input }) => {
    const { name } = await revokeApiToken(ctx.deps, input);
    return { message: `Revoked the token '${name}'.` };
  }),
});
