import { z } from 'zod';

export const loginInput = z.object({
  username: z.string().max(200),
  password: z.string().max(1000),
  rememberMe: z.boolean().default(true),
});
