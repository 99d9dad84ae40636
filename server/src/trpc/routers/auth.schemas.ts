import { z } from 'zod';

export const loginInput = z.object({
  username: z.string().max(200),
  password: z.string().max(1000),
  rememberMe: z.boolean().default(true),
});

/** Optional (none, or null), so a logout sent without input still ends this session. */
export const logoutInput = z.object({ everywhere: z.boolean().default(false) }).nullish();
