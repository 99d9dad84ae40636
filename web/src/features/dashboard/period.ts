/** `YYYY-MM-DD` plus `days` (negative: before), calendar arithmetic on the date alone. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export type Preset = { label: string; days: number };

export const PRESETS: Preset[] = [
  { label: 'Last 7 days', days: 7 },
  { label: 'Last 30 days', days: 30 },
];

/** The last `days` days up to and including `today`. */
export function presetPeriod(today: string, days: number) {
  return { from: addDays(today, 1 - days), to: today };
}
