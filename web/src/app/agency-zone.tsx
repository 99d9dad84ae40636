import type { ReactNode } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { LoadingScreen } from '../components/loading.tsx';
import { TimeZoneContext, useScheduleInfo } from '../lib/schedule-info.ts';

/**
 * A screen shows or accepts times only once the agency's zone is known: until
 * schedule.info answers there is only a spinner, so no default time is ever taken in another zone
 * (the operator's or the browser's).
 */
export function AgencyZone({ children }: { children: ReactNode }) {
  const info = useScheduleInfo();
  const zone = info.data?.timezone;
  if (zone) return <TimeZoneContext.Provider value={zone}>{children}</TimeZoneContext.Provider>;
  if (info.error) {
    return (
      <Container fluid="xl" className="py-4">
        <Alert variant="danger" className="mb-0">
          The schedule's time zone could not be read ({info.error.message}); reload the page to try again.
        </Alert>
      </Container>
    );
  }
  return <LoadingScreen label="Reading the schedule's time zone…" />;
}
