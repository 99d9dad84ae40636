import type { AppDeps } from './deps.ts';
import { ensureFirstAdmin } from './users/ensure-first-admin.ts';

/** What a process does once at start before serving: the first admin (more is added by later services). */
export async function startBackground(deps: AppDeps): Promise<void> {
  await ensureFirstAdmin(deps, {
    username: deps.config.ADMIN_USERNAME,
    password: deps.config.ADMIN_PASSWORD,
    print: (line) => console.log(line),
  });
}
