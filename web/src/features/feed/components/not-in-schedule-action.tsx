import { Alert, Button } from 'react-bootstrap';
import { useRemoveNotInSchedule } from '../api/remove-not-in-schedule.ts';

/** After a new schedule, one action removes every trip update whose trip it lacks. */
export function NotInScheduleAction({ items }: { items: { state: string | null }[] }) {
  const remove = useRemoveNotInSchedule();
  const count = items.filter((i) => i.state === 'not_in_schedule').length;
  if (count === 0) return null;
  return (
    <Alert variant="secondary" className="m-3 mb-0 d-flex align-items-center gap-3">
      <span>
        {count} trip {count === 1 ? 'update is' : 'updates are'} for trips the current schedule does not have.
      </span>
      <Button
        size="sm"
        variant="outline-danger"
        className="ms-auto"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Remove the ${count} trip updates not in the schedule?`)) remove.mutate();
        }}
      >
        Remove all not in schedule
      </Button>
    </Alert>
  );
}
