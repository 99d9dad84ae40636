import fp from 'fastify-plugin';

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * Every response observed once by route pattern (`/feed/:feed`, never the raw URL, so the label
 * set stays small), method and status class. One histogram observe in a callback hook and no
 * promise: the public feed runs through here at thousands of requests a second.
 */
export const requestMetricsPlugin = fp(
  async (app) => {
    const histogram = app.deps.metrics.httpRequests;
    app.addHook('onResponse', (request, reply, done) => {
      histogram.observe(
        {
          route: request.routeOptions.url ?? 'unmatched',
          method: request.method,
          status_class: STATUS_CLASSES[Math.floor(reply.statusCode / 100)] ?? 'other',
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  },
  { name: 'request-metrics', dependencies: ['app-deps'] },
);
