import type { InboxItem } from '../../../shared/contract/index.ts';
import type { CsvColumn, CsvRow } from '../csv/csv-writer.ts';

/** The columns of an inbox export, in order. */
export const INBOX_CSV_COLUMNS: readonly CsvColumn[] = [
  { key: 'id', header: 'ID' },
  { key: 'type', header: 'Type' },
  { key: 'brand', header: 'Brand ID' },
  { key: 'author', header: 'Author' },
  { key: 'text', header: 'Text' },
  { key: 'sentiment', header: 'Sentiment' },
  { key: 'question', header: 'Question' },
  { key: 'tags', header: 'Tags' },
  { key: 'assignee', header: 'Assignee ID' },
  { key: 'read', header: 'Read' },
  { key: 'archived', header: 'Archived' },
  { key: 'followUp', header: 'Follow-up' },
  { key: 'sourceUpdatedAt', header: 'Source updated at' },
  { key: 'tickets', header: 'Ticket labels' },
];

/** Several values in one cell: a semicolon, which no spreadsheet takes for a column break in CSV. */
const joined = (values: readonly string[]) => values.join('; ');

function sentimentOf(item: InboxItem): string {
  const sentiment = item.sentiment;
  if (!sentiment) return '';
  if (sentiment.is_positive) return 'positive';
  if (sentiment.is_negative) return 'negative';
  if (sentiment.is_neutral) return 'neutral';
  return '';
}

/**
 * One interaction as a row of the export. Tags are written by name when `tagNames` knows them
 * (by id otherwise); flags the service left out are empty cells rather than a guessed "false".
 */
export function inboxCsvRow(item: InboxItem, tagNames: ReadonlyMap<number, string>): CsvRow {
  const author = item.author_username ?? ('tiktok_username' in item ? item.tiktok_username : null) ?? '';
  return {
    id: item.id,
    type: item.type,
    brand: item.brand_id,
    author,
    text: item.text ?? '',
    sentiment: sentimentOf(item),
    question: item.sentiment ? item.sentiment.is_question : null,
    tags: joined((item.tag_ids ?? []).map((id) => tagNames.get(id) ?? String(id))),
    assignee: item.assignee_id ?? null,
    read: item.is_read ?? null,
    archived: item.is_archived ?? null,
    followUp: item.is_follow_up ?? null,
    sourceUpdatedAt: item.source_updated_at ?? '',
    tickets: joined((item.tickets ?? []).map((ticket) => ticket.label)),
  };
}
