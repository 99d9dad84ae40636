import { useId } from 'react';
import { Table } from 'react-bootstrap';

export type Series = { name: string; values: (number | null)[]; color: string };

const WIDTH = 640;
const LABEL = 170;
const VALUE = 56;
const BAR = 14;
const GAP = 10;

/**
 * Horizontal bars drawn as SVG (no chart library: a few bars need none). The
 * chart is an image named by its caption, with every figure in its label; `asTable` shows the
 * same figures as a table instead.
 */
export function BarChart({
  title,
  categoryName,
  categories,
  series,
  asTable,
  format = (v) => String(v),
}: {
  title: string;
  /** The header of the table's first column: what the categories are ('Day', 'Route'). */
  categoryName: string;
  categories: string[];
  series: Series[];
  asTable: boolean;
  format?: (value: number) => string;
}) {
  const id = useId();
  const shown = (v: number | null) => (v === null ? '–' : format(v));
  return (
    <figure className="mb-4">
      <figcaption id={id} className="h6">
        {title}
      </figcaption>
      {categories.length === 0 ? (
        <p className="text-body-secondary small mb-0">No figures in this period.</p>
      ) : asTable ? (
        <Table size="sm" striped bordered className="mb-0 w-auto" aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">{categoryName}</th>
              {series.map((s) => (
                <th key={s.name} scope="col" className="text-end">
                  {s.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((c, i) => (
              <tr key={c}>
                <th scope="row" className="fw-normal">
                  {c}
                </th>
                {series.map((s) => (
                  <td key={s.name} className="text-end">
                    {shown(s.values[i] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <Bars title={title} categories={categories} series={series} shown={shown} />
      )}
    </figure>
  );
}

function Bars({
  title,
  categories,
  series,
  shown,
}: {
  title: string;
  categories: string[];
  series: Series[];
  shown: (v: number | null) => string;
}) {
  const max = Math.max(1e-9, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const row = series.length * BAR + GAP;
  const legend = series.length > 1 ? 22 : 0;
  const height = legend + categories.length * row;
  const scale = (v: number) => ((WIDTH - LABEL - VALUE) * v) / max;
  const description = categories
    .map((c, i) => `${c}: ${series.map((s) => `${s.name} ${shown(s.values[i] ?? null)}`).join(', ')}`)
    .join('; ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      style={{ maxWidth: WIDTH }}
      role="img"
      aria-label={`${title}. ${description}`}
      className="d-block"
    >
      {series.length > 1 &&
        series.map((s, k) => (
          <g key={s.name} transform={`translate(${LABEL + k * 150}, 4)`}>
            <rect width={12} height={12} fill={s.color} />
            <text x={16} y={11} fontSize={12}>
              {s.name}
            </text>
          </g>
        ))}
      {categories.map((c, i) => (
        <g key={c} transform={`translate(0, ${legend + i * row})`}>
          <text x={LABEL - 6} y={(series.length * BAR) / 2 + 4} fontSize={12} textAnchor="end">
            {c.length > 26 ? `${c.slice(0, 25)}…` : c}
          </text>
          {series.map((s, k) => {
            const v = s.values[i] ?? null;
            return (
              <g key={s.name} transform={`translate(${LABEL}, ${k * BAR})`}>
                <rect width={v ? Math.max(1, scale(v)) : 0} height={BAR - 2} fill={s.color}>
                  <title>{`${c} – ${s.name}: ${shown(v)}`}</title>
                </rect>
                <text x={(v ? scale(v) : 0) + 4} y={BAR - 3} fontSize={11}>
                  {shown(v)}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}
