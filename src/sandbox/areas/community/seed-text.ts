import type { Faker } from '@faker-js/faker';

/**
 * The words community interactions are made of. Faker runs once per pool entry (a few hundred
 * calls), never per interaction: a row picks from these pools with a cheap seeded random, which
 * keeps a 100k-interaction seed within seconds. Texts are built from templates whose slots are
 * products and topics, and those slot words are the interaction's keywords (top_keywords).
 */

export type Sentiment = 'positive' | 'negative' | 'neutral';

export const products = [
  'serum',
  'hoodie',
  'sneakers',
  'lipstick',
  'backpack',
  'candle',
  'moisturizer',
  'sunglasses',
  'water bottle',
  'headphones',
  'jacket',
  'perfume',
  'mascara',
  'yoga mat',
  'tote bag',
  'watch',
  'face mask',
  'shampoo',
  'leggings',
  'phone case',
  'coffee blend',
  'protein bar',
  'skincare kit',
  'gift card',
  'beanie',
  'sandals',
  'necklace',
  'blush',
  'cleanser',
  'jeans',
] as const;

export const topics = [
  'shipping',
  'refund',
  'sale',
  'giveaway',
  'restock',
  'delivery',
  'discount code',
  'customer service',
  'collab',
  'new collection',
  'packaging',
  'sizing',
  'price',
  'quality',
  'store opening',
  'launch',
  'subscription',
  'return policy',
  'tutorial',
  'ingredients',
] as const;

export const colors = ['black', 'white', 'navy', 'beige', 'pink', 'green', 'red', 'lilac'] as const;

/** `{p}` is a product, `{t}` a topic, `{c}` a color, `{b}` the brand handle. */
const templates: Record<Sentiment | 'question', string[]> = {
  positive: [
    'Absolutely love the new {p}! Best purchase this year',
    'The {p} is amazing, thank you {b}!',
    'Obsessed with this {p} in {c}',
    'Your {t} was so smooth, the {p} arrived a day early',
    'This {t} made my week, grabbed two of the {p}',
    'Ten out of ten, the {p} quality is unreal',
    'Finally a {p} that lives up to the hype',
    'Huge fan of the {t}, keep it coming {b}',
  ],
  negative: [
    'My {p} arrived broken and the {t} team is not answering',
    'Still waiting on my {t} for the {p}, this is frustrating',
    'The {p} fell apart after one week. Disappointed',
    'Worst {t} experience ever, never ordering a {p} again',
    'Paid full price for the {p} and the {t} code did not work',
    'The {p} in {c} looks nothing like the photos',
    '{b} please fix your {t}, three weeks and no {p}',
  ],
  neutral: [
    'Saw the {p} in the store today',
    'Tagging my sister, she wanted the {p}',
    'Picked up the {p} in {c} during the {t}',
    'Watching this while waiting for the {t}',
    'Same {p} as last season?',
    'The {p} comes in {c} now',
    'Here for the {t} updates',
  ],
  question: [
    'Is the {p} available in {c}?',
    'When does the {t} start?',
    'Does the {p} ship internationally?',
    'How long does {t} usually take for the {p}?',
    'Will the {p} be back in stock after the {t}?',
    'Can I use the {t} on the {p}?',
    'What size {p} should I get?',
  ],
};

const brandReplies = [
  'Thank you so much for the love! 💛',
  "We're sorry to hear that, please check your DMs so we can help.",
  'Great question! It is coming back very soon.',
  'So happy you like it!',
  'Please send us your order number and we will sort it out.',
  'Thanks for reaching out, our team is on it.',
];

export interface TextPools {
  usernames: string[];
  displayNames: string[];
  avatars: string[];
  captions: string[];
  brandReplies: string[];
  /** A few short fillers to vary otherwise identical template output. */
  tails: string[];
}

export function buildPools(faker: Faker): TextPools {
  const usernames = faker.helpers.uniqueArray(
    () =>
      faker.internet
        .username()
        .toLowerCase()
        .replace(/[^a-z0-9_.]/g, ''),
    600,
  );
  return {
    usernames,
    displayNames: Array.from({ length: 300 }, () => faker.person.fullName()),
    avatars: Array.from({ length: 120 }, (_, n) => `https://avatars.sandbox.socialdesk.invalid/${n + 1}.jpg`),
    captions: Array.from({ length: 200 }, () =>
      `${faker.company.catchPhrase()} ${faker.helpers.arrayElement(['✨', '🔥', '💫', '🛍️', ''])}`.trim(),
    ),
    brandReplies,
    tails: ['', '', '', ' 😍', ' 🙏', '!!', ' lol', ' honestly', ' #obsessed', ' 🔥🔥', ' 😭', ' tbh'],
  };
}

export interface ComposedText {
  text: string;
  keywords: string[];
}

/** Fills a template for a sentiment (or a question); returns the text and its keywords. */
export function composeText(
  random: () => number,
  kind: Sentiment | 'question',
  brandHandle: string,
  tail: string,
): ComposedText {
  const list = templates[kind];
  const template = list[Math.floor(random() * list.length)] ?? '';
  const product = products[Math.floor(random() * products.length)] ?? 'serum';
  const topic = topics[Math.floor(random() * topics.length)] ?? 'sale';
  const color = colors[Math.floor(random() * colors.length)] ?? 'black';
  const keywords: string[] = [];
  if (template.includes('{p}')) keywords.push(product);
  if (template.includes('{t}')) keywords.push(topic);
  const text = template
    .replaceAll('{p}', product)
    .replaceAll('{t}', topic)
    .replaceAll('{c}', color)
    .replaceAll('{b}', `@${brandHandle}`);
  return { text: `${text}${tail}`, keywords };
}
