import type { ReactNode } from 'react';
import { LoadingScreen } from '../components/loading.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { hasRole, type Role } from '../lib/authorization.ts';

/** The login form where no one is logged in or the screen's role is missing (spec §2); display only. */
export function RequireUser({ role, children }: { role?: Role; children: ReactNode }) {
  const me = useMe();
  if (me.isLoading) return <LoadingScreen />;
  if (!me.data) return <LoginForm />;
  if (role && !hasRole(me.data.roles, role)) {
    return <LoginForm notice={`This screen needs the ${role} role. Log in as a user who has it.`} />;
  }
  return <>{children}</>;
}
