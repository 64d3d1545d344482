import { sentenceCase } from '../../../lib/labels/index.ts';

/** Names people use for the post fields a conflict lists. */
const labels: Record<string, string> = {
  text: 'Text',
  caption: 'Caption',
  first_comment: 'First comment',
  link: 'Link preview URL',
  timestamp: 'Publish time',
  status: 'Status',
  auto_publish: 'Auto publish',
  approval_policy: 'Approval',
  approval_requests: 'Reviewers',
  num_of_approvals_required: 'Approvals needed',
  campaign_ids: 'Campaigns',
  board_ids: 'Boards',
  content_tag_ids: 'Content tags',
  duplicate_to_brand_ids: 'Duplicate to brands',
  media_ids: 'Media',
  replies: 'Thread replies',
  auto_numbering_enabled: 'Numbering',
  post_type: 'Post type',
  collaborators: 'Collaborators',
  user_tags: 'User tags',
  location_id: 'Location',
  share_to_feed: 'Share to feed',
  alt_text_media_map: 'Alt text',
  cover_image_media_id: 'Cover image',
  thumb_offset: 'Thumbnail offset',
};

export function fieldLabel(key: string): string {
  return labels[key] ?? sentenceCase(key);
}

/** A field's value as text for a side-by-side view. */
export function shownValue(key: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return '(empty)';
  if (key === 'timestamp' && typeof value === 'string') {
    const at = new Date(value);
    return Number.isNaN(at.getTime()) ? value : at.toLocaleString();
  }
  if (key === 'replies' && Array.isArray(value)) {
    return value.map((r: { text?: string }, i) => `${i + 1}. ${r?.text ?? ''}`).join('\n') || '(none)';
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return value.join(', ') || '(none)';
  return JSON.stringify(value, null, 1);
}
