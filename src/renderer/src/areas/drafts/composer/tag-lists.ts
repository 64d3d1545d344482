/**
 * The tags an Instagram post places on its picture, each list with its own fields and words:
 * what tags-on-picture.vue needs to draw one.
 */

/** What every tag placed on the picture has: where it sits (fractions), on which media. */
export interface TagOnPicture {
  x: number | null;
  y: number | null;
  media_id?: number | null;
}

/** A field of the tag's own, typed in its row. */
export interface TagInput {
  key: string;
  /** Its label, given the tag's number from 1. */
  label: (n: number) => string;
  placeholder: string;
  /** Left out of the tag once emptied: the request form takes a string or nothing. */
  optional?: boolean;
}

export interface TagList {
  /** The post's field that holds the tags. */
  field: string;
  title: string;
  /** What a click on the picture points at. */
  what: string;
  /** A tag in words, for Remove's name. */
  kind: string;
  addLabel: string;
  inputs: readonly TagInput[];
  /** How a tag reads on the picture. */
  labelOf: (tag: Record<string, unknown>) => string;
  /** Names the test ids: `<testid>` a row, `<testid>-position`, `add-<testid>`. */
  testid: string;
}

export const userTags: TagList = {
  field: 'user_tags',
  title: 'User tags',
  what: 'the person',
  kind: 'tag',
  addLabel: 'Tag someone',
  inputs: [{ key: 'username', label: (n) => `Tag ${n}`, placeholder: 'username' }],
  labelOf: (tag) => (tag.username ? `@${String(tag.username)}` : ''),
  testid: 'user-tag',
};

/** Which catalog product, and where on the media. */
export const productTags: TagList = {
  field: 'shopping_tags',
  title: 'Product tags',
  what: 'the product',
  kind: 'product tag',
  addLabel: 'Tag a product',
  inputs: [
    { key: 'fb_product_id', label: (n) => `Product ${n}: id`, placeholder: 'Catalog product id' },
    { key: 'title', label: () => 'Title', placeholder: 'Optional', optional: true },
  ],
  labelOf: (tag) => String(tag.title || tag.fb_product_id),
  testid: 'shopping-tag',
};
