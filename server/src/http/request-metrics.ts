import fp from 'fastify-plugin';

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * Every response observed once by route pattern (`/feed/:feed`, never the raw URL, so the label
 * set stays small), method and status class. One histogram observe in a callback hook and no
 * promise: the public feed runs through here at thousands of requests a second. The polls
 * answered before Fastify (public-gets.ts) are observed the same way under their route's pattern.
 */
export const requestMetricsPlugin = fp(
  async (app) => {
    const histogram = app.deps.metrics.httpRequests;
    const observe = (route: string, method: string, status: number, ms: number) =>
      histogram.observe(
        { route, method, status_class: STATUS_CLASSES[Math.floor(status / 100)] ?? 'other' },
        ms / 1000,
      );
    app.publicGets.observe((route, _path, status, ms) => observe(route, 'GET', status, ms));
    app.addHook('onResponse', (request, reply, done) => {
      observe(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime);
      done();
    });
  },
  { name: 'request-metrics', dependencies: ['app-deps'] },
);
