import { useState } from 'react';
import { Alert, Card, Col, Form, Row } from 'react-bootstrap';
import { LoadingScreen } from '../../../components/loading.tsx';
import { useTimeZone } from '../../../lib/schedule-info.ts';
import { zonedDate } from '../../../lib/time.ts';
import { usePunctuality } from '../api/get-punctuality.ts';
import { presetPeriod } from '../period.ts';
import { BarChart } from './bar-chart.tsx';
import { type Period, PeriodPicker } from './period-picker.tsx';

const COLORS = {
  cancelled: '#b02a37',
  delayed: '#d39e00',
  delay: '#0d6efd',
  alerts: '#6f42c1',
  skipped: '#198754',
  lost: '#fd7e14',
  lostPeriod: '#adb5bd',
};

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 60) * 10) / 10);
const oneDecimal = (v: number) => v.toFixed(1);

/** The summary workbook's figures for a period, as charts or tables. */
export function PunctualityDashboard() {
  const timeZone = useTimeZone();
  const today = zonedDate(new Date(), timeZone);
  const [period, setPeriod] = useState<Period>(() => presetPeriod(today, 7));
  const [asTable, setAsTable] = useState(false);
  const figures = usePunctuality(period);
  const data = figures.data;
  // The server's labels may end with the id already ("Local (L2)"): not twice.
  const named = (name: string | null, id: string) =>
    name && name !== id && !name.endsWith(`(${id})`) ? `${name} (${id})` : name || id;
  const lost = data ? minutesLost(data.minutesLost, data.to ?? data.days.at(-1)?.day ?? today) : null;
  return (
    <>
      <Card className="shadow-sm mb-3">
        <Card.Body className="d-flex flex-wrap gap-3 justify-content-between align-items-end">
          <PeriodPicker period={period} today={today} onChange={setPeriod} />
          <Form.Check
            type="switch"
            id="dashboard-as-table"
            label="Show figures as tables"
            checked={asTable}
            onChange={(e) => setAsTable(e.target.checked)}
          />
        </Card.Body>
      </Card>
      {figures.error && <Alert variant="danger">{figures.error.message}</Alert>}
      {!data ? (
        figures.isLoading && <LoadingScreen />
      ) : (
        <section
          aria-label={`Punctuality from ${data.from} to ${data.to}`}
          aria-busy={figures.isFetching}
          data-testid="dashboard-figures"
        >
          <p className="text-body-secondary small">
            {data.from} to {data.to} ({data.timezone}); the same counts as the summary workbook of this
            period.
          </p>
          <Row xs={1} lg={2}>
            <Col>
              <BarChart
                title="Cancelled trains per day"
                categoryName="Day"
                categories={data.days.map((d) => d.day)}
                series={[
                  { name: 'Cancelled', color: COLORS.cancelled, values: data.days.map((d) => d.cancelled) },
                ]}
                asTable={asTable}
              />
            </Col>
            <Col>
              <BarChart
                title="Delay per day (minutes, over the delayed trains)"
                categoryName="Day"
                categories={data.days.map((d) => d.day)}
                series={[
                  {
                    name: 'Average',
                    color: COLORS.delay,
                    values: data.days.map((d) => minutes(d.averageDelay)),
                  },
                  {
                    name: 'Largest',
                    color: COLORS.delayed,
                    values: data.days.map((d) => minutes(d.maxDelay)),
                  },
                ]}
                format={oneDecimal}
                asTable={asTable}
              />
            </Col>
            <Col>
              <BarChart
                title="Cancelled and delayed trains per route"
                categoryName="Route"
                categories={data.routes.map((r) => named(r.routeName, r.routeId))}
                series={[
                  { name: 'Cancelled', color: COLORS.cancelled, values: data.routes.map((r) => r.cancelled) },
                  { name: 'Delayed', color: COLORS.delayed, values: data.routes.map((r) => r.delayed) },
                ]}
                asTable={asTable}
              />
            </Col>
            <Col>
              <BarChart
                title="Average delay per route (minutes)"
                categoryName="Route"
                categories={data.routes.map((r) => named(r.routeName, r.routeId))}
                series={[
                  {
                    name: 'Average delay',
                    color: COLORS.delay,
                    values: data.routes.map((r) => minutes(r.averageDelay)),
                  },
                ]}
                format={oneDecimal}
                asTable={asTable}
              />
            </Col>
            <Col>
              <BarChart
                title="Alerts per cause"
                categoryName="Cause"
                categories={data.alertsByCause.map((c) => c.cause)}
                series={[
                  { name: 'Alerts', color: COLORS.alerts, values: data.alertsByCause.map((c) => c.alerts) },
                ]}
                asTable={asTable}
              />
            </Col>
            <Col>
              <BarChart
                title={`Minutes lost by delay cause on ${lost!.day}`}
                categoryName="Cause"
                categories={lost!.causes.map((c) => c.label)}
                series={[
                  { name: `On ${lost!.day}`, color: COLORS.lost, values: lost!.causes.map((c) => c.onDay) },
                  {
                    name: 'Over the period',
                    color: COLORS.lostPeriod,
                    values: lost!.causes.map((c) => c.period),
                  },
                ]}
                format={oneDecimal}
                asTable={asTable}
              />
            </Col>
            <Col>
              <BarChart
                title="Stations most skipped"
                categoryName="Station"
                categories={data.skippedStops.map((s) => named(s.stopName, s.stopId))}
                series={[
                  {
                    name: 'Trains skipping',
                    color: COLORS.skipped,
                    values: data.skippedStops.map((s) => s.tripUpdates),
                  },
                ]}
                asTable={asTable}
              />
            </Col>
          </Row>
        </section>
      )}
    </>
  );
}

/**
 * Minutes lost per delay cause (docs/glossary.md "minutes lost") on `day` and over the period,
 * the causes of the day first, most minutes first.
 */
function minutesLost(
  rows: { day: string; code: string; label: string; minutes: number }[],
  day: string,
): { day: string; causes: { code: string; label: string; onDay: number; period: number }[] } {
  const byCode = new Map<string, { code: string; label: string; onDay: number; period: number }>();
  for (const r of rows) {
    const c = byCode.get(r.code) ?? { code: r.code, label: r.label, onDay: 0, period: 0 };
    c.period += r.minutes;
    if (r.day === day) c.onDay += r.minutes;
    byCode.set(r.code, c);
  }
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    day,
    causes: [...byCode.values()]
      .map((c) => ({ ...c, onDay: round(c.onDay), period: round(c.period) }))
      .sort((a, b) => b.onDay - a.onDay || b.period - a.period || (a.code < b.code ? -1 : 1)),
  };
}
