import { Alert } from 'react-bootstrap';
import { type PreviewInput, usePreviewFindings } from '../api/preview-consistency.ts';
import { FindingsList } from './findings-list.tsx';

/**
 * Before saving: the consistency findings this change would add. A warning; saving stays possible.
 * `settled`: codes the same save takes care of (an alert published with a cancellation).
 */
export function ChangeWarnings({ input, settled = [] }: { input: PreviewInput | null; settled?: string[] }) {
  const preview = usePreviewFindings(input);
  const findings = (preview.data ?? []).filter((f) => !settled.includes(f.code));
  if (findings.length === 0) return null;
  return (
    <Alert variant="warning" className="m-3 mb-0 p-0" data-testid="change-warnings">
      <div className="px-3 pt-2 small fw-semibold">Saving this would add these consistency findings:</div>
      <FindingsList findings={findings} />
    </Alert>
  );
}
