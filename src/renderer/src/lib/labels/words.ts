/**
 * A name written for machines as a person reads it: `ENGAGEMENT_RATE` and `engagement_rate` both
 * read "Engagement rate".
 */
export function sentenceCase(name: string): string {
  const words = name.toLowerCase().replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
