import { lazy, Suspense } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { LoadingScreen } from '../components/loading.tsx';
import { paths } from '../config/paths.ts';
import { Layout } from './layout.tsx';
import { RequireUser } from './require-user.tsx';

// Route-level code splitting keeps the first load small (docs/quality.md: JavaScript < 300 KB gzip).
const Home = lazy(() => import('./routes/home.tsx'));
const TripUpdate = lazy(() => import('./routes/trip-update.tsx'));
const ServiceAlert = lazy(() => import('./routes/service-alert.tsx'));
const UploadGtfs = lazy(() => import('./routes/upload-gtfs.tsx'));
const AddUser = lazy(() => import('./routes/add-user.tsx'));
const ListUser = lazy(() => import('./routes/list-user.tsx'));
const ListExcel = lazy(() => import('./routes/list-excel.tsx'));
const Disruptions = lazy(() => import('./routes/disruptions.tsx'));
const AlertTemplates = lazy(() => import('./routes/alert-templates.tsx'));
const Tokens = lazy(() => import('./routes/tokens.tsx'));
const Webhooks = lazy(() => import('./routes/webhooks.tsx'));
const Settings = lazy(() => import('./routes/settings.tsx'));
const Trains = lazy(() => import('./routes/trains.tsx'));
const ScheduleVersions = lazy(() => import('./routes/schedule-versions.tsx'));
const Audit = lazy(() => import('./routes/audit.tsx'));
// Its charts load with it, never in the first load (first load < 300 KB gzip).
const Dashboard = lazy(() => import('./routes/dashboard.tsx'));

type Screen = {
  path: string;
  Component: React.ComponentType;
  role?: 'view' | 'edit' | 'gtfs' | 'admin' | 'excel';
};

/** docs/spec.md §2: every screen needs a login; the last three also need a role. */
const screens: Screen[] = [
  { path: paths.home.path, Component: Home },
  { path: paths.tripUpdate.path, Component: TripUpdate },
  { path: paths.serviceAlert.path, Component: ServiceAlert },
  { path: paths.uploadGtfs.path, Component: UploadGtfs, role: 'gtfs' },
  { path: paths.addUser.path, Component: AddUser, role: 'admin' },
  { path: paths.listUser.path, Component: ListUser, role: 'admin' },
  { path: paths.listExcel.path, Component: ListExcel, role: 'excel' },
  { path: paths.disruptions.path, Component: Disruptions, role: 'edit' },
  { path: paths.alertTemplates.path, Component: AlertTemplates, role: 'admin' },
  { path: paths.tokens.path, Component: Tokens, role: 'admin' },
  { path: paths.webhooks.path, Component: Webhooks, role: 'admin' },
  { path: paths.settings.path, Component: Settings, role: 'admin' },
  { path: paths.trains.path, Component: Trains, role: 'view' },
  { path: paths.scheduleVersions.path, Component: ScheduleVersions, role: 'gtfs' },
  { path: paths.audit.path, Component: Audit, role: 'admin' },
  { path: paths.dashboard.path, Component: Dashboard, role: 'excel' },
];

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      ...screens.map(({ path, Component, role }) => ({
        path,
        element: (
          <RequireUser role={role}>
            <Suspense fallback={<LoadingScreen />}>
              <Component />
            </Suspense>
          </RequireUser>
        ),
      })),
      { path: '*', element: <p className="container py-5">This page does not exist.</p> },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
