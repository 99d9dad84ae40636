import { useEffect, useState } from 'react';
import { Button, Container, Nav, Navbar, NavDropdown } from 'react-bootstrap';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { Banners } from '../components/banners.tsx';
import { paths } from '../config/paths.ts';
import { useMe } from '../features/auth/api/get-me.ts';
import { useLogout } from '../features/auth/api/logout.ts';
import { useLiveSchedule } from '../lib/live-schedule.ts';
import { FLAT_BAR_MAX, type NavGroup, navGroups } from './nav-groups.ts';

/** Top bar with the links each role may use (docs/spec.md §2 home screen), the banners and the screen. */
export function Layout() {
  const me = useMe();
  const logout = useLogout();
  const { pathname } = useLocation();
  // The phone and tablet menu closes once a screen is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of screen
  useEffect(() => setMenuOpen(false), [pathname]);
  useLiveSchedule(Boolean(me.data));
  const groups = navGroups(me.data?.roles);
  // A few screens stay one click away; more are grouped by job, so the bar keeps one line.
  const flat = groups.reduce((n, g) => n + g.links.length, 0) <= FLAT_BAR_MAX;
  return (
    <>
      <a href="#main" className="visually-hidden-focusable position-absolute p-2 bg-light">
        Skip to content
      </a>
      <Navbar
        bg="dark"
        data-bs-theme="dark"
        expand="lg"
        className="mb-3"
        expanded={menuOpen}
        onToggle={setMenuOpen}
      >
        <Container fluid>
          <Navbar.Brand as={Link} to={paths.home.getHref()}>
            Feed desk
          </Navbar.Brand>
          {me.data && (
            <>
              <Navbar.Toggle aria-controls="main-nav" aria-expanded={menuOpen} label="Menu" />
              <Navbar.Collapse id="main-nav">
                <Nav as="nav" className="me-auto flex-lg-nowrap" aria-label="Main">
                  {flat
                    ? groups.flatMap((g) => g.links).map((l) => <ScreenLink key={l.to} {...l} />)
                    : groups.map((g) =>
                        g.links.length === 1 ? (
                          <ScreenLink key={g.label} {...g.links[0]!} />
                        ) : (
                          <ScreenGroup key={g.label} group={g} pathname={pathname} />
                        ),
                      )}
                </Nav>
                <div className="d-flex flex-wrap align-items-center gap-2 flex-shrink-0 py-2 py-lg-0">
                  <span className="navbar-text me-1" data-testid="current-user">
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
                    className="text-nowrap"
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

function ScreenLink({ to, label }: { to: string; label: string }) {
  return (
    <Nav.Link as={NavLink} to={to} end className="text-nowrap">
      {label}
    </Nav.Link>
  );
}

/** One job's screens behind one button (keyboard: Enter/Space opens, arrows move, Escape closes). */
function ScreenGroup({ group, pathname }: { group: NavGroup; pathname: string }) {
  const active = group.links.some((l) => l.to === pathname);
  return (
    <NavDropdown
      title={group.label}
      id={`nav-${group.label.toLowerCase().replaceAll(' ', '-')}`}
      active={active}
      className="text-nowrap"
    >
      {group.links.map((l) => (
        <NavDropdown.Item key={l.to} as={NavLink} to={l.to} end>
          {l.label}
        </NavDropdown.Item>
      ))}
    </NavDropdown>
  );
}
