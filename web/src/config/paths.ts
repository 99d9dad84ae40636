/** Every screen of docs/spec.md §2: `path` for the router, `getHref()` for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  tripUpdate: {
    path: '/trip_update',
    getHref: (id?: string) => (id ? `/trip_update?id=${encodeURIComponent(id)}` : '/trip_update'),
  },
  serviceAlert: {
    path: '/service_alert',
    getHref: (id?: string) => (id ? `/service_alert?id=${encodeURIComponent(id)}` : '/service_alert'),
  },
  uploadGtfs: { path: '/upload_gtfs', getHref: () => '/upload_gtfs' },
  addUser: {
    path: '/add_user',
    getHref: (id?: number) => (id === undefined ? '/add_user' : `/add_user?id=${id}`),
  },
  listUser: { path: '/list_user', getHref: () => '/list_user' },
  listExcel: { path: '/list_excel', getHref: () => '/list_excel' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  disruptions: { path: '/disruptions', getHref: () => '/disruptions' },
  alertTemplates: { path: '/alert_templates', getHref: () => '/alert_templates' },
  tokens: { path: '/tokens', getHref: () => '/tokens' },
  webhooks: { path: '/webhooks', getHref: () => '/webhooks' },
  trains: { path: '/trains', getHref: () => '/trains' },
  scheduleVersions: { path: '/schedule_versions', getHref: () => '/schedule_versions' },
  audit: { path: '/audit', getHref: () => '/audit' },
  settings: { path: '/settings', getHref: () => '/settings' },
} as const;

/** Files served by the gateway (docs/rest-api.md "/gtfs and the schedule downloads", "/excel"). */
export const downloads = {
  workbook: '/static/shared/gtfs.xlsx',
  zip: '/static/shared/gtfs.zip',
  report: '/static/shared/result/report.html',
  summary: (name: string) => `/excel/${encodeURIComponent(name)}`,
} as const;
