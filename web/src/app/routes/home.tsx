import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { Page } from '../../components/page.tsx';
import { paths } from '../../config/paths.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { FeedList } from '../../features/feed/components/feed-list.tsx';
import { ScheduleDownloads } from '../../features/schedule/components/schedule-downloads.tsx';
import { hasRole } from '../../lib/authorization.ts';

/** docs/spec.md §2 home screen: links by role, schedule downloads, and the feed list. */
export default function HomeRoute() {
  const me = useMe().data;
  const roles = me?.roles ?? [];
  const links = [
    { to: paths.tripUpdate.getHref(), label: 'New trip update', role: 'edit' as const, primary: true },
    { to: paths.serviceAlert.getHref(), label: 'New service alert', role: 'edit' as const, primary: true },
    { to: paths.uploadGtfs.getHref(), label: 'Upload schedule', role: 'gtfs' as const },
    { to: paths.listUser.getHref(), label: 'Manage users', role: 'admin' as const },
    { to: paths.listExcel.getHref(), label: 'Tracking spreadsheets', role: 'excel' as const },
  ].filter((l) => hasRole(roles, l.role));
  return (
    <Page title="Realtime feed">
      <Row className="g-3 mb-3">
        <Col md={7} lg={8}>
          <Card className="shadow-sm h-100">
            <Card.Body>
              <Card.Title as="h2" className="h6 text-uppercase text-body-secondary">
                Actions
              </Card.Title>
              {links.length === 0 ? (
                <p className="mb-0 text-body-secondary">
                  You can view the feed. Ask an administrator for more roles.
                </p>
              ) : (
                <nav aria-label="Actions" className="d-flex flex-wrap gap-2" data-testid="home-links">
                  {links.map((l) => (
                    <Link
                      key={l.to}
                      to={l.to}
                      className={`btn ${l.primary ? 'btn-primary' : 'btn-outline-secondary'}`}
                    >
                      {l.label}
                    </Link>
                  ))}
                </nav>
              )}
            </Card.Body>
          </Card>
        </Col>
        <Col md={5} lg={4}>
          <ScheduleDownloads />
        </Col>
      </Row>
      <FeedList canEdit={hasRole(roles, 'edit')} canApprove={hasRole(roles, 'approve')} me={me?.username} />
    </Page>
  );
}
