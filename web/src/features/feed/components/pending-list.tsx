import { useState } from 'react';
import { Badge, Button, Form, InputGroup, Table } from 'react-bootstrap';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useApprovePending, useRejectPending, useWithdrawPending } from '../api/decide-pending.ts';
import { usePendingItems } from '../api/list-pending.ts';

const STATE_LABELS: Record<string, { label: string; bg: string }> = {
  pending: { label: 'Pending approval', bg: 'warning' },
  scheduled: { label: 'Scheduled', bg: 'info' },
  emergency: { label: 'Emergency — to approve', bg: 'danger' },
  rejected: { label: 'Rejected', bg: 'secondary' },
  failed: { label: 'Could not enter the feed', bg: 'secondary' },
  withdrawn: { label: 'Withdrawn', bg: 'secondary' },
};

/**
 * The alerts waiting to enter the feed (docs/contract-notes.md "Two-person approval and
 * publication times"), with author and time; approvers approve or reject (with a reason) what
 * others saved. Shown above the alerts of the feed list.
 */
export function PendingList({ me, canApprove }: { me: string | undefined; canApprove: boolean }) {
  const list = usePendingItems(true);
  const zone = useTimeZone();
  const approve = useApprovePending();
  const reject = useRejectPending();
  const withdraw = useWithdrawPending();
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const items = list.data ?? [];
  if (items.length === 0) return null;
  return (
    <div className="border-bottom" data-testid="pending-list">
      <h2 className="h6 px-3 pt-3">Waiting to enter the feed</h2>
      <Table size="sm" responsive className="mb-0 align-middle">
        <thead>
          <tr>
            <th>State</th>
            <th>Alert</th>
            <th>By</th>
            <th>Saved</th>
            <th>Enters the feed</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const state = STATE_LABELS[item.state] ?? { label: item.state, bg: 'secondary' };
            const decidable =
              canApprove && item.createdBy !== me && ['pending', 'emergency'].includes(item.state);
            // Its author (or an approver) takes back what has not entered the feed yet.
            const withdrawable =
              (item.createdBy === me || canApprove) && ['pending', 'scheduled'].includes(item.state);
            return (
              <tr key={item.id} data-testid={`pending-${item.entityId}`}>
                <td>
                  <Badge bg={state.bg} data-testid="pending-state">
                    {state.label}
                  </Badge>
                  {item.editsLive && <div className="small text-body-secondary">edit of a live alert</div>}
                </td>
                <td>
                  {item.header || item.entityId}
                  {item.reason && (
                    <div className="small text-danger" data-testid="pending-reason">
                      {item.decidedBy ? `${item.decidedBy}: ` : ''}
                      {item.reason}
                    </div>
                  )}
                </td>
                <td data-testid="pending-author">{item.createdBy}</td>
                <td className="text-nowrap">{formatDateTime(item.createdAt, zone)}</td>
                <td className="text-nowrap">
                  {item.publishAt
                    ? formatDateTime(item.publishAt, zone)
                    : item.state === 'pending'
                      ? 'once approved'
                      : ''}
                </td>
                <td className="text-end">
                  {withdrawable && rejecting !== item.id && (
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-1"
                      onClick={() => withdraw.mutate({ id: item.id })}
                      disabled={withdraw.isPending}
                    >
                      Withdraw
                    </Button>
                  )}
                  {decidable && rejecting !== item.id && (
                    <div className="d-flex gap-1 justify-content-end">
                      <Button
                        size="sm"
                        onClick={() => approve.mutate({ id: item.id })}
                        disabled={approve.isPending}
                      >
                        Approve
                      </Button>
                      {item.state === 'pending' && (
                        <Button
                          size="sm"
                          variant="outline-danger"
                          onClick={() => {
                            setRejecting(item.id);
                            setReason('');
                          }}
                        >
                          Reject…
                        </Button>
                      )}
                    </div>
                  )}
                  {rejecting === item.id && (
                    <Form
                      onSubmit={(e) => {
                        e.preventDefault();
                        reject.mutate({ id: item.id, reason }, { onSuccess: () => setRejecting(null) });
                      }}
                    >
                      <InputGroup size="sm">
                        <Form.Control
                          aria-label="Reason for the rejection"
                          placeholder="Reason (the author reads it)"
                          value={reason}
                          maxLength={2000}
                          required
                          onChange={(e) => setReason(e.target.value)}
                        />
                        <Button
                          type="submit"
                          variant="danger"
                          disabled={reason.trim() === '' || reject.isPending}
                        >
                          Reject
                        </Button>
                        <Button variant="outline-secondary" onClick={() => setRejecting(null)}>
                          Cancel
                        </Button>
                      </InputGroup>
                    </Form>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
