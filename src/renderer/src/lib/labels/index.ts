/**
 * The renderer's one home for words about the domain: networks, interaction types, post
 * statuses, machine names in words, and counts with the right plural. An area keeps only the
 * names no other area uses (a report type, a campaign sort); anything two areas say comes from
 * here, so a network is never named two ways.
 */
export { channelName, channelNames, type Network } from './channels.ts';
export { sourceName } from './channel-sources.ts';
export { interactionTypeOf, type InteractionKind, type InteractionTypeInfo } from './interaction-types.ts';
export { countLabel, plural } from './plural.ts';
export { postStatusMeta, type ChipType, type StatusMeta } from './post-statuses.ts';
export { sentenceCase } from './words.ts';
export { tagLabel, tagNameKey, tagNamesOf, type TagName } from './tags.ts';
