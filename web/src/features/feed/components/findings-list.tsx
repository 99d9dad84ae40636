import { Badge, ListGroup } from 'react-bootstrap';

export type Finding = {
  code: string;
  severity: 'error' | 'warning' | 'info';
  entityIds: string[];
  message: string;
};

const VARIANT = { error: 'danger', warning: 'warning', info: 'info' } as const;

/** Consistency findings, one line each: severity, code, the sentence. */
export function FindingsList({ findings }: { findings: Finding[] }) {
  return (
    <ListGroup variant="flush" data-testid="findings">
      {findings.map((f) => (
        <ListGroup.Item key={`${f.code}-${f.entityIds.join(',')}`} className="small" data-code={f.code}>
          <Badge
            bg={VARIANT[f.severity]}
            text={f.severity === 'warning' ? 'dark' : undefined}
            className="me-2"
          >
            {f.severity}
          </Badge>
          <span className="font-monospace me-2">{f.code}</span>
          {f.message}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
