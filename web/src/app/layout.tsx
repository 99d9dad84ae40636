import { Button, Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { Banners } from '../components/banners.tsx';
import { paths } from '../config/paths.ts';
import { useMe } from '../features/auth/api/get-me.ts';
import { useLogout } from '../features/auth/api/logout.ts';
import { hasRole } from '../lib/authorization.ts';

/** Top bar with the links each role may use (docs/spec.md §2 home screen), the banners and the screen. */
export function Layout() {
  const me = useMe();
  const logout = useLogout();
  const roles = me.data?.roles;
  const links = [
    { to: paths.home.getHref(), label: 'Feed', show: true },
    { to: paths.trains.getHref(), label: 'Trains', show: hasRole(roles, 'view') },
    { to: paths.tripUpdate.getHref(), label: 'New trip update', show: hasRole(roles, 'edit') },
    { to: paths.serviceAlert.getHref(), label: 'New alert', show: hasRole(roles, 'edit') },
    { to: paths.disruptions.getHref(), label: 'Disruptions', show: hasRole(roles, 'edit') },
    { to: paths.uploadGtfs.getHref(), label: 'Upload schedule', show: hasRole(roles, 'gtfs') },
    { to: paths.scheduleVersions.getHref(), label: 'Schedule versions', show: hasRole(roles, 'gtfs') },
    { to: paths.listUser.getHref(), label: 'Users', show: hasRole(roles, 'admin') },
    { to: paths.alertTemplates.getHref(), label: 'Alert templates', show: hasRole(roles, 'admin') },
    { to: paths.tokens.getHref(), label: 'API tokens', show: hasRole(roles, 'admin') },
    { to: paths.audit.getHref(), label: 'Audit', show: hasRole(roles, 'admin') },
    { to: paths.settings.getHref(), label: 'Settings', show: hasRole(roles, 'admin') },
    { to: paths.listExcel.getHref(), label: 'Spreadsheets', show: hasRole(roles, 'excel') },
    { to: paths.dashboard.getHref(), label: 'Punctuality', show: hasRole(roles, 'excel') },
  ];
  return (
    <>
      <a href="#main" className="visually-hidden-focusable position-absolute p-2 bg-light">
        Skip to content
      </a>
      <Navbar bg="dark" data-bs-theme="dark" expand="md" className="mb-3">
        {/* Full width, links wrapping to a second row: every role's links stay on the dark bar. */}
        <Container fluid>
          <Navbar.Brand as={Link} to={paths.home.getHref()}>
            Feed desk
          </Navbar.Brand>
          {me.data && (
            <>
              <Navbar.Toggle aria-controls="main-nav" />
              <Navbar.Collapse id="main-nav">
                <Nav className="me-auto flex-wrap" aria-label="Main">
                  {links
                    .filter((l) => l.show)
                    .map((l) => (
                      <Nav.Link key={l.to} as={NavLink} to={l.to} end className="text-nowrap">
                        {l.label}
                      </Nav.Link>
                    ))}
                </Nav>
                <div className="d-flex align-items-center flex-shrink-0">
                  <span className="navbar-text me-3" data-testid="current-user">
                    {me.data.username}
                  </span>
                  <Button
                    variant="outline-light"
                    size="sm"
                    onClick={() => logout.mutate()}
                    disabled={logout.isPending}
                  >
                    Logout
                  </Button>
                  {/* A lost phone or a shared computer: every session of this user ends. */}
                  <Button
                    variant="outline-light"
                    size="sm"
                    className="ms-2 text-nowrap"
                    title="End every session of yours: other browsers and devices too"
                    onClick={() => logout.mutate({ everywhere: true })}
                    disabled={logout.isPending}
                  >
                    Log out everywhere
                  </Button>
                </div>
              </Navbar.Collapse>
            </>
          )}
        </Container>
      </Navbar>
      <Banners />
      <div id="main" tabIndex={-1}>
        <Outlet />
      </div>
    </>
  );
}
