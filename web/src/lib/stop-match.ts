/** A stop as schedule.stops offers it: the server's label tells namesakes apart; code is stop_code. */
export type StopChoice = {
  stopId: string;
  name: string;
  label: string;
  code?: string | null;
  station: boolean;
};

/**
 * The one stop a typed text means: the stop whose label, id or code (stop_code) it is, else the only stop of that name
 * (ignoring case); undefined when several share the name ("Palo Alto Caltrain Station" is two
 * platforms): the controller then picks one by its label.
 */
export function matchStop(choices: readonly StopChoice[], text: string): StopChoice | undefined {
  const typed = text.trim().toLowerCase();
  if (!typed) return undefined;
  const byLabel = choices.filter(
    (s) =>
      s.label.toLowerCase() === typed || s.stopId.toLowerCase() === typed || s.code?.toLowerCase() === typed,
  );
  if (byLabel.length === 1) return byLabel[0];
  const byName = choices.filter((s) => s.name.toLowerCase() === typed);
  return byName.length === 1 ? byName[0] : undefined;
}
