import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useLanguageSettings } from '../../../lib/operator-languages.ts';
import { type TripAlertInput, useTripAlert } from '../api/get-trip-alert.ts';
import type { TripAlertChoice } from '../api/save-trip-update-with-alert.ts';
import { textIn } from '../types.ts';
import { type DraftedAlert, DraftedAlertFields, languagesOf } from './drafted-alert-fields.tsx';

type Mode = 'none' | 'publish' | 'end';

/**
 * In the trip update editor: after a cancellation or a skipped stop, offers "Tell riders"
 * with an alert drafted from the operator's templates; on an update linked to an alert, offers to
 * update or end that alert when the change no longer matches it. What the controller chooses is
 * saved with the trip update in one act (`onChange` hands it to the editor's save).
 */
export function TellRiders({
  change,
  onChange,
}: {
  change: TripAlertInput | null;
  onChange: (choice: TripAlertChoice | null) => void;
}) {
  const { data } = useTripAlert(change);
  const { defaultLanguage, requiredLanguages } = useLanguageSettings();
  const [mode, setMode] = useState<Mode>('none');
  const [alert, setAlert] = useState<DraftedAlert | null>(null);
  const offer = data?.offer ?? null;
  const draft = data?.draft?.alert as DraftedAlert | undefined;
  const draftKey = JSON.stringify(draft ?? null);

  // A new offer or a new draft (another stop skipped) starts the choice again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on what the server offers
  useEffect(() => {
    setMode('none');
    setAlert(null);
  }, [offer, draftKey]);
  useEffect(() => {
    if (mode === 'publish' && alert) onChange({ publish: { alert } });
    else if (mode === 'end') onChange({ end: true });
    else onChange(null);
  }, [mode, alert, onChange]);

  if (!data || !offer) return null;
  const linked = data.linked;
  // The server sends alerts as protobuf-JSON records; their texts have the drafted alert's shape.
  const linkedHeader = textIn(
    (linked?.alert?.alert as DraftedAlert | undefined)?.headerText,
    defaultLanguage,
  );
  const publish = () => {
    setAlert(draft ?? null);
    setMode('publish');
  };
  return (
    <Alert variant="info" className="m-3 mb-0" data-testid="tell-riders">
      {linked?.disruption ? (
        <div>
          Riders are told by the alert of the disruption “{linked.disruption.reason}” (
          {linked.disruption.trips} trips): it ends when the disruption is lifted, or edit it among the
          alerts.
        </div>
      ) : offer === 'keep' ? (
        <div>Riders are told by the linked alert “{linkedHeader}”.</div>
      ) : offer === 'publish' ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span>No alert tells riders of this change yet.</span>
          {mode === 'none' && (
            <Button size="sm" onClick={publish}>
              Tell riders
            </Button>
          )}
        </div>
      ) : (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span>
            {offer === 'end'
              ? `The train runs as planned again, but the linked alert “${linkedHeader}” still tells riders otherwise.`
              : `The linked alert “${linkedHeader}” no longer says what this update does.`}
          </span>
          {offer === 'update' && mode !== 'publish' && (
            <Button size="sm" onClick={publish}>
              Update the alert
            </Button>
          )}
          {mode !== 'end' && (
            <Button size="sm" variant="outline-danger" onClick={() => setMode('end')}>
              End the alert
            </Button>
          )}
        </div>
      )}
      {mode === 'end' && (
        <div className="mt-2 d-flex align-items-center gap-2">
          <strong>The alert ends when you save.</strong>
          <Button size="sm" variant="link" onClick={() => setMode('none')}>
            Keep it
          </Button>
        </div>
      )}
      {mode === 'publish' && alert && (
        <div className="mt-2">
          <DraftedAlertFields
            alert={alert}
            languages={[...new Set([...languagesOf(draft ?? alert), ...requiredLanguages])]}
            onChange={setAlert}
          />
          <div className="d-flex align-items-center gap-2">
            <strong>
              {offer === 'update' ? 'The alert is updated' : 'The alert is published'} when you save.
            </strong>
            <Button size="sm" variant="link" onClick={() => setMode('none')}>
              {offer === 'update' ? 'Keep the alert as it is' : 'Don’t tell riders'}
            </Button>
          </div>
        </div>
      )}
    </Alert>
  );
}
