import type { ReactNode } from 'react';
import { Alert, Container } from 'react-bootstrap';
import { LoadingScreen } from '../components/loading.tsx';
import { LanguageSettingsContext, useOperatorSettings } from '../lib/operator-languages.ts';

/** A screen shows alert languages only once the operator's settings are read. */
export function OfferedLanguages({ children }: { children: ReactNode }) {
  const settings = useOperatorSettings();
  if (settings.data) {
    const { languages, defaultLanguage, urlLanguage, requiredLanguages } = settings.data;
    return (
      <LanguageSettingsContext.Provider
        value={{ languages, defaultLanguage, urlLanguage, requiredLanguages }}
      >
        {children}
      </LanguageSettingsContext.Provider>
    );
  }
  if (settings.error) {
    return (
      <Container fluid="xl" className="py-4">
        <Alert variant="danger" className="mb-0">
          The operator settings could not be read ({settings.error.message}); reload the page to try again.
        </Alert>
      </Container>
    );
  }
  return <LoadingScreen label="Reading the operator settings…" />;
}
