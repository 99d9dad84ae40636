import { Form, Table } from 'react-bootstrap';
import type { Notice } from '../../../lib/errors.ts';
import { gtfsSeconds, hhmm, nowSecondsOfDay, secondsIntoServiceDay } from '../../../lib/time.ts';
import { minutesLate, type StopRestriction, type StopRow, totalDelays } from '../trip-entity.ts';
import { type Platform, PlatformPicker } from './platform-picker.tsx';

/** 'HH:MM' of a typed time: '0718', '718', '7:18' and '07:18' all mean 07:18; else null. */
export function clockTime(text: string): string | null {
  const m = /^(\d{1,2}):?(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, '0')}:${m[2]}`;
}

type Props = {
  rows: StopRow[];
  onChange: (index: number, row: StopRow) => void;
  notices: Notice[];
  timeZone: string;
  /** The trip's service date (`YYYYMMDD`): tomorrow's train has passed no stop yet. Absent: today's. */
  serviceDate?: string;
  disabled: boolean;
  /** The other platforms of each stop's station, by stop id (a Platform column when any has one). */
  platforms?: Record<string, Platform[]>;
};

/** docs/spec.md §2/§4 stop list: Passed / train marker / blank, new time, on time, delay, skip, total. */
export function StopTimesTable({
  rows,
  onChange,
  notices,
  timeZone,
  serviceDate,
  disabled,
  platforms = {},
}: Props) {
  const withPlatforms = rows.some((row) => (platforms[row.stopId] ?? []).length > 0);
  const totals = totalDelays(rows);
  // Now on the trip's own service day, not the clock of today (dates, not only times).
  const now = serviceDate ? secondsIntoServiceDay(serviceDate, timeZone) : nowSecondsOfDay(timeZone);
  const passed = rows.map((row, i) => gtfsSeconds(row.arrival) + totals[i]! * 60 < now);
  const trainAt = passed.indexOf(false);
  const previousTotal = (i: number) => (i === 0 ? 0 : totals[i - 1]!);
  const set = (i: number, patch: Partial<StopRow>) => onChange(i, { ...rows[i]!, ...patch });
  return (
    <Table size="sm" hover responsive className="stop-times table-cards mb-0 align-middle">
      <thead>
        <tr>
          <th scope="col">Stop</th>
          <th scope="col">Arrival</th>
          <th scope="col">
            <span className="visually-hidden">Position</span>
          </th>
          <th scope="col">New time</th>
          <th scope="col">On time</th>
          <th scope="col">Delay (min)</th>
          <th scope="col">Skip</th>
          <th
            scope="col"
            title="Extra minutes standing here: the train leaves this much later than it arrives"
          >
            Dwell (min)
          </th>
          {withPlatforms && <th scope="col">Platform</th>}
          <th scope="col" title="Set down only: riders may not board; pick up only: riders may not leave">
            Boarding
          </th>
          <th scope="col">Total delay</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => {
          const label = row.stopName || row.stopId;
          const rowNotices = notices.filter(
            (n) =>
              n.stopSequence === row.stopSequence ||
              (n.stopSequence === undefined && n.stopId === row.stopId),
          );
          const locked = disabled || row.skip;
          return (
            <tr
              key={row.stopSequence}
              data-stop-sequence={row.stopSequence}
              className={row.skip ? 'table-secondary' : ''}
            >
              <th scope="row" className="fw-normal">
                {label}
                {rowNotices.map((n) => (
                  <div
                    key={`${n.code}-${n.field}`}
                    className={`small ${n.severity === 'error' ? 'text-danger' : 'text-warning-emphasis'}`}
                    data-testid="stop-notice"
                  >
                    {n.message}
                  </div>
                ))}
              </th>
              <td data-label="Arrival">{hhmm(gtfsSeconds(row.arrival))}</td>
              <td className="small text-nowrap">
                {passed[i] ? (
                  <span className="text-body-secondary">Passed</span>
                ) : i === trainAt ? (
                  <span role="img" aria-label="Train is here">
                    🚆
                  </span>
                ) : null}
              </td>
              <td data-label="New time">
                {/* One text box, one Tab stop (a type="time" input is two or three). */}
                <Form.Control
                  size="sm"
                  inputMode="numeric"
                  placeholder="hh:mm"
                  maxLength={5}
                  aria-label={`New time at ${label}`}
                  value={row.newTime}
                  disabled={locked}
                  className="stop-time-input"
                  onChange={(e) => {
                    const value = e.target.value;
                    if (!value.trim()) return set(i, { newTime: '', delay: '' });
                    const time = clockTime(value);
                    if (!time) return set(i, { newTime: value, onTime: false, delay: '' });
                    const late = minutesLate(time, row.arrival) - previousTotal(i);
                    set(i, { newTime: value, onTime: false, delay: String(late) });
                  }}
                />
              </td>
              <td data-label="On time">
                <Form.Check
                  aria-label={`On time at ${label}`}
                  checked={row.onTime}
                  disabled={locked}
                  onChange={(e) =>
                    set(
                      i,
                      e.target.checked
                        ? { onTime: true, newTime: '', delay: '0' }
                        : { onTime: false, delay: '' },
                    )
                  }
                />
              </td>
              <td data-label="Delay (min)">
                <Form.Control
                  type="number"
                  size="sm"
                  step={1}
                  aria-label={`Delay in minutes at ${label}`}
                  value={row.delay}
                  disabled={locked}
                  onChange={(e) => set(i, { delay: e.target.value, newTime: '', onTime: false })}
                />
              </td>
              <td data-label="Skip">
                <Form.Check
                  aria-label={`Skip ${label}`}
                  checked={row.skip}
                  disabled={disabled}
                  onChange={(e) => set(i, { skip: e.target.checked })}
                />
              </td>
              <td data-label="Dwell (min)">
                {/* A departure delay beyond the arrival's; the first stop has no arrival, the last no departure. */}
                {i > 0 && i < rows.length - 1 && (
                  <Form.Control
                    type="number"
                    size="sm"
                    min={0}
                    step={1}
                    aria-label={`Dwell in minutes at ${label}`}
                    value={row.dwell}
                    disabled={locked}
                    onChange={(e) => set(i, { dwell: e.target.value })}
                  />
                )}
              </td>
              {withPlatforms && (
                <td data-label="Platform">
                  <PlatformPicker
                    stopLabel={label}
                    platforms={platforms[row.stopId] ?? []}
                    value={row.platform}
                    disabled={locked}
                    onChange={(platform) => set(i, { platform })}
                  />
                </td>
              )}
              <td data-label="Boarding">
                <Form.Select
                  size="sm"
                  aria-label={`Boarding at ${label}`}
                  value={row.restriction}
                  disabled={locked}
                  onChange={(e) => set(i, { restriction: e.target.value as StopRestriction })}
                >
                  <option value="">Normal</option>
                  <option value="set_down">Set down only</option>
                  <option value="pick_up">Pick up only</option>
                </Form.Select>
              </td>
              <td className="text-nowrap" data-testid="total-delay" data-label="Total delay">
                {totals[i]} min
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
