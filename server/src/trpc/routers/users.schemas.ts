import { z } from 'zod';
import { ROLES } from '../../auth/roles.ts';

const role = z.enum(ROLES);

export const createUserInput = z.object({
  username: z.string().max(200),
  password: z.string().max(1000),
  roles: z.array(role),
});

export const updateUserInput = z.object({
  id: z.number().int(),
  username: z.string().max(200),
  /** Empty or absent = unchanged. */
  password: z.string().max(1000).optional(),
  roles: z.array(role),
});

export const deleteUserInput = z.object({ username: z.string().max(200) });
