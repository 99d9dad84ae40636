import { Page } from '../../components/page.tsx';
import { AuditTrail } from '../../features/audit/components/audit-trail.tsx';

export default function AuditRoute() {
  return (
    <Page title="Audit trail">
      <AuditTrail />
    </Page>
  );
}
