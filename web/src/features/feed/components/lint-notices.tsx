import { Alert, Badge, ListGroup } from 'react-bootstrap';
import type { LintNotice } from '../api/lint-alert.ts';

const VARIANT = { error: 'danger', warning: 'warning', info: 'info' } as const;

/**
 * The alert linter's notices, shown while the controller types and before publishing: errors
 * refuse the save, warnings (MobilityData's service alert guidelines) do not.
 */
export function LintNotices({ notices }: { notices: LintNotice[] }) {
  if (notices.length === 0) return null;
  const errors = notices.some((n) => n.severity === 'error');
  return (
    <Alert variant={errors ? 'danger' : 'warning'} className="p-0 mb-3" data-testid="lint-notices">
      <div className="px-3 pt-2 small fw-semibold">
        {errors ? 'Fix these before publishing:' : 'Check before publishing (saving stays possible):'}
      </div>
      <ListGroup variant="flush">
        {notices.map((n) => (
          <ListGroup.Item key={`${n.code}-${n.field}`} className="small" data-code={n.code}>
            <Badge
              bg={VARIANT[n.severity]}
              text={n.severity === 'warning' ? 'dark' : undefined}
              className="me-2"
            >
              {n.severity}
            </Badge>
            {n.message}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </Alert>
  );
}
