import { z } from 'zod';
import { ROLES } from '../../auth/roles.ts';

export const createTokenInput = z.object({
  name: z.string().max(200),
  roles: z.array(z.enum(ROLES)),
});

export const revokeTokenInput = z.object({ id: z.number().int().positive() });
