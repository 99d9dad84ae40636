import { useState } from 'react';
import { Badge, Button, Collapse } from 'react-bootstrap';
import { useConsistencyFindings } from '../api/list-consistency.ts';
import { FindingsList } from './findings-list.tsx';

/** The feed list's consistency count; a click opens the findings. */
export function ConsistencyPanel() {
  const findings = useConsistencyFindings();
  const [open, setOpen] = useState(false);
  const list = findings.data ?? [];
  const errors = list.filter((f) => f.severity === 'error').length;
  return (
    <div className="border-bottom">
      <Button
        variant="link"
        size="sm"
        className="text-decoration-none px-3"
        aria-expanded={open}
        aria-controls="consistency-findings"
        onClick={() => setOpen((o) => !o)}
        disabled={list.length === 0}
      >
        Consistency{' '}
        <Badge
          bg={list.length === 0 ? 'success' : errors > 0 ? 'danger' : 'warning'}
          data-testid="consistency-count"
        >
          {list.length}
        </Badge>{' '}
        {list.length === 0 ? 'no findings' : list.length === 1 ? 'finding' : 'findings'}
      </Button>
      <Collapse in={open && list.length > 0}>
        <div id="consistency-findings">
          <FindingsList findings={list} />
        </div>
      </Collapse>
    </div>
  );
}
