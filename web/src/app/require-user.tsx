import type { ReactNode } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { LoadingScreen } from '../components/loading.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { hasRole, ROLE_LABELS, type Role } from '../lib/authorization.ts';
import { AgencyZone } from './agency-zone.tsx';
import { OfferedLanguages } from './offered-languages.tsx';

/**
 * The login form where no one is logged in; a note where the screen's role is missing
 * (docs/spec.md §2); display only. The screen itself waits for the agency's zone (AgencyZone) and
 * the operator's languages (OfferedLanguages).
 */
export function RequireUser({ role, children }: { role?: Role; children: ReactNode }) {
  const me = useMe();
  if (me.isLoading) return <LoadingScreen />;
  if (!me.data) return <LoginForm />;
  if (role && !hasRole(me.data.roles, role)) {
    // Logged in already: the login form would only confuse; say what is missing and who can help.
    return (
      <Container fluid="xl" className="py-4">
        <Alert variant="warning" className="mb-0">
          This screen needs the {role} role ({ROLE_LABELS[role].toLowerCase()}). You are logged in as{' '}
          {me.data.username}; ask an administrator for the role.
        </Alert>
      </Container>
    );
  }
  return (
    <AgencyZone>
      <OfferedLanguages>{children}</OfferedLanguages>
    </AgencyZone>
  );
}
