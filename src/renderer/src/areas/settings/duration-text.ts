/**
 * A threshold as a person writes it and reads it: "45 min", "4 h", "1 d" (a bare number is
 * hours, the unit the defaults are said in). Minutes underneath, as the settings keep them.
 */

const units: Record<string, number> = {
  m: 1,
  min: 1,
  mins: 1,
  minute: 1,
  minutes: 1,
  h: 60,
  hr: 60,
  hrs: 60,
  hour: 60,
  hours: 60,
  d: 24 * 60,
  day: 24 * 60,
  days: 24 * 60,
};

/** Minutes, or null when the text is not a time (the form says how to write one). */
export function minutesOf(text: string): number | null {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return null;
  const unit = match[2]!.toLowerCase() || 'h';
  const factor = units[unit];
  if (factor === undefined) return null;
  const minutes = Number(match[1]!.replace(',', '.')) * factor;
  return Number.isInteger(minutes) ? minutes : null;
}

/** The shortest exact way to say `minutes`: "1 d", "90 min" rather than "1.5 h". */
export function durationText(minutes: number): string {
  if (minutes % (24 * 60) === 0) return `${minutes / (24 * 60)} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  return `${minutes} min`;
}
