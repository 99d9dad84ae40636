import { type FormEvent, useEffect, useState } from 'react';
import { Button, Form, Spinner, Table } from 'react-bootstrap';
import { type DelayCause, delayCauseLabel, useDelayCauses } from '../../../lib/delay-causes.ts';
import { languageName, useLanguageSettings } from '../../../lib/operator-languages.ts';
import { GTFS_CAUSES, useSaveDelayCauses } from '../api/delay-causes.ts';

/** At most this many causes (the server's bound, docs/rest-api.md "Delay causes"). */
const MAX_CAUSES = 100;

/**
 * The catalogue of delay causes (docs/glossary.md "cause"), admin: each cause's code, its label in
 * the default language (its labels in other languages are kept as they are) and its GTFS-RT
 * cause; added, removed, saved whole.
 */
export function DelayCausesForm() {
  const settings = useLanguageSettings();
  const language = settings.defaultLanguage;
  const saved = useDelayCauses();
  const save = useSaveDelayCauses();
  const [rows, setRows] = useState<DelayCause[] | null>(null);
  useEffect(() => {
    if (saved.data && rows === null) setRows(saved.data);
  }, [saved.data, rows]);
  if (!rows) return <Spinner size="sm" aria-label="Loading delay causes" />;
  const change = (i: number, row: DelayCause) => setRows(rows.map((r, j) => (j === i ? row : r)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ causes: rows }, { onSuccess: (result) => setRows(result.causes) });
  };
  return (
    <Form onSubmit={submit} aria-label="Delay causes">
      <p className="text-body-secondary small">
        What controllers pick as the reason a train is late, in the trip update editor and the disruption
        form; the summaries count minutes lost by cause. Labels are in {languageName(settings, language)}; a
        disruption's alert takes the GTFS cause.
      </p>
      <Table size="sm" className="align-middle">
        <thead>
          <tr>
            <th>Code</th>
            <th>Label ({language})</th>
            <th>GTFS cause</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a new row has no code yet; rows keep their place
            <tr key={i}>
              <td>
                <Form.Control
                  size="sm"
                  aria-label={`Code of cause ${i + 1}`}
                  value={row.code}
                  maxLength={40}
                  onChange={(e) => change(i, { ...row, code: e.target.value.toUpperCase() })}
                />
              </td>
              <td>
                <Form.Control
                  size="sm"
                  aria-label={`Label of cause ${i + 1}`}
                  value={row.labels[language] ?? ''}
                  placeholder={delayCauseLabel(row, language)}
                  maxLength={80}
                  onChange={(e) =>
                    change(i, { ...row, labels: { ...row.labels, [language]: e.target.value } })
                  }
                />
              </td>
              <td>
                <Form.Select
                  size="sm"
                  aria-label={`GTFS cause of cause ${i + 1}`}
                  value={row.gtfsCause}
                  onChange={(e) => change(i, { ...row, gtfsCause: e.target.value })}
                >
                  {GTFS_CAUSES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Form.Select>
              </td>
              <td>
                <Button
                  size="sm"
                  variant="outline-danger"
                  onClick={() => setRows(rows.filter((_, j) => j !== i))}
                  aria-label={`Remove cause ${i + 1}`}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <div className="d-flex gap-2">
        <Button
          variant="outline-secondary"
          disabled={rows.length >= MAX_CAUSES}
          onClick={() => setRows([...rows, { code: '', labels: {}, gtfsCause: 'OTHER_CAUSE' }])}
        >
          Add a cause
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          Save delay causes
        </Button>
      </div>
    </Form>
  );
}
