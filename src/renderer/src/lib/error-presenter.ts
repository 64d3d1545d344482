import {
  ContractCallError,
  contractErrorSchema,
  type ContractErrorCode,
  type FieldRule,
} from '../../../shared/contract/index.ts';
import { toCallError } from './call-error.ts';
import { timeFromNow, type TimeWords } from './time-words.ts';

/**
 * The one voice of every error a person reads. A contract error carries codes, field paths and,
 * at times, the service's own machine text; this turns it into a sentence in a person's words,
 * the fields it concerns under the names the screen gives them, times in the person's time zone,
 * and keeps the raw text for a "Details" disclosure only. It also says where the error belongs.
 *
 * It lives in lib/ (not app/) because the shared error state in ui/ renders it and ui/ may import
 * only lib/; it is a pure function, with the clock and time zone as options for tests.
 */
export interface PresentedField {
  /** The path as the contract names it (`timestamp`, `change.assigneeId`), for forms to match. */
  field: string;
  /** What the screen calls it: "Publish time". */
  label: string;
  /** What is wrong with it, in a sentence: "Pick a time after 14:28 today." */
  message: string;
}

export interface PresentedError {
  /** What could not be done: the caller's action, or a plain title. */
  title: string;
  /** Why, in a person's words. */
  sentence: string;
  /** What happens next or what to do, when there is something to say (area states). */
  hint: string | null;
  fields: PresentedField[];
  /**
   * What it says beyond its fields (of the input as a whole, of a value with no name on screen),
   * for a form to show above its fields; the sentence when no field is named; else null.
   */
  general: string | null;
  /** The raw text behind the words (the service's message, field paths), for "Details". */
  detail: string | null;
  /**
   * Where it shows: at the `field`s of the form that sent it, in the `area` that could not load,
   * or as a `toast` that closes itself.
   */
  place: 'field' | 'area' | 'toast';
  /** Whether it waits to be read (a refused input), rather than going by itself. */
  stays: boolean;
  /** All of it in one line, for a row or a notice: each field's message, or the sentence. */
  line: string;
}

export interface PresentOptions extends TimeWords {
  /** What the person tried, as a title: "Could not save the theme". */
  action?: string;
  /** A load of what an area shows (its error state), or an action (a toast or its fields). */
  within?: 'load' | 'action';
  /** The clock for "today" and "tomorrow"; now unless a test names one. */
  now?: Date;
}

/** Why, per code, when the error's own message is machine text (or says nothing). */
const sentences: Record<ContractErrorCode, string> = {
  offline: "The service could not be reached. Check the network connection and the profile's addresses.",
  rate_limited: 'The service asked Socialdesk to slow down. Try again in a moment.',
  unauthorized: "The service refused this profile's token. Check it in Settings.",
  forbidden: "This profile's token may not reach that brand. Check the profile in Settings.",
  not_found: 'It is not there any more: it may have been deleted.',
  conflict: 'It was changed in the meantime. Look at it again, then retry.',
  invalid_input: 'The service refused the request.',
  service_error: 'The service ran into a problem. Try again in a moment.',
  internal: 'Something went wrong in Socialdesk.',
  unknown_call: 'This version of Socialdesk asked for something it cannot do.',
  cancelled: 'The request was cancelled.',
};

/** What to expect next, said under an area's error state. */
const hints: Partial<Record<ContractErrorCode, string>> = {
  offline: 'Socialdesk will show the data again as soon as the service answers.',
  rate_limited: 'The service limits how many requests Socialdesk may send per minute.',
  unauthorized: "Open Settings to check the profile's token.",
};

const titles: Partial<Record<ContractErrorCode, string>> = {
  offline: 'The service is not reachable',
  invalid_input: 'Not accepted',
  not_found: 'Not found',
};

/**
 * What the screens call the fields the contract and the service name, by the last part of the
 * path without underscores or case: `assignee_id`, `change.assigneeId` and `assigneeId` are one.
 */
const fieldLabels: Record<string, string> = {
  timestamp: 'Publish time',
  scheduledat: 'Publish time',
  text: 'Text',
  title: 'Title',
  caption: 'Caption',
  firstcomment: 'First comment',
  name: 'Name',
  color: 'Color',
  assigneeid: 'Assignee',
  tagids: 'Tags',
  tags: 'Tags',
  brandid: 'Brand',
  brandids: 'Brands',
  status: 'Status',
  channel: 'Channel',
  mediaids: 'Media',
  galleryids: 'Galleries',
  link: 'Link',
  startdate: 'Start date',
  enddate: 'End date',
  downloadsfolder: 'Downloads folder',
  theme: 'Theme',
  token: 'Token',
  community: 'Community address',
  scheduler: 'Scheduler address',
  library: 'Library address',
  dashboard: 'Dashboard address',
  notes: 'Notes',
  budget: 'Budget',
  goal: 'Goal',
  reporttype: 'Report',
  columns: 'Columns',
};

export function fieldLabel(path: string): string | undefined {
  const segments = path.split('.').filter((s) => s !== '' && !/^\d+$/.test(s));
  const last = segments.at(-1);
  if (!last) return undefined;
  return fieldLabels[last.replaceAll('_', '').toLowerCase()];
}

const isoInstant = /\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?/g;
/** Machine words a person should not meet: snake_case or dotted names, a schema's report. */
const machineText =
  /\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]\w*\.[a-z]\w*\b|^(invalid input|too (big|small)|expected )/i;

/** A schema's usual reports, said as what to do. */
const plainReports: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^Invalid input: expected \w+, received undefined$/i, () => 'Fill this in.'],
  [/^Required\.?$/i, () => 'Fill this in.'],
  [/^Too small: expected string to have >=1 characters?$/i, () => 'Fill this in.'],
  [/^Too small: expected string to have >=(\d+) characters?$/i, (m) => `Use at least ${m[1]} characters.`],
  [/^Too big: expected string to have <=(\d+) characters?$/i, (m) => `Use at most ${m[1]} characters.`],
  [/^Too small: expected number to be >=?(-?[\d.]+)$/i, (m) => `Use ${m[1]} or more.`],
  [/^Too big: expected number to be <=?(-?[\d.]+)$/i, (m) => `Use ${m[1]} or less.`],
  [/^Too big: expected array to have <=(\d+) items?$/i, (m) => `Choose at most ${m[1]}.`],
  [/^Too small: expected array to have >=1 items?$/i, () => 'Choose at least one.'],
  [/^Invalid (input|option|value)\b.*$/i, () => 'This value is not one Socialdesk can use.'],
];

const sentenceCase = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** A field's messages as one sentence a person can act on; undefined when it is machine text. */
function fieldSentence(messages: string[], rule: FieldRule | undefined, times: Times): string | undefined {
  if (rule?.rule === 'after') return `Pick a time after ${times.say(rule.bound)}.`;
  const said = messages.map((message) => {
    const trimmed = message.trim();
    for (const [pattern, say] of plainReports) {
      const match = pattern.exec(trimmed);
      if (match) return say(match);
    }
    const timed = trimmed.replace(isoInstant, (iso) => times.say(iso));
    return machineText.test(timed) ? undefined : sentenceCase(timed);
  });
  if (said.some((s) => s === undefined) || said.length === 0) return undefined;
  return [...new Set(said)].join(' ');
}

interface Times {
  say(iso: string): string;
}

const lower = (label: string) => label.charAt(0).toLowerCase() + label.slice(1);

/** "the publish time", "the name and the tags", "the name, the tags and the brand". */
function listOfFields(labels: string[]): string {
  const the = labels.map((label) => `the ${lower(label)}`);
  return the.length === 1 ? the[0]! : `${the.slice(0, -1).join(', ')} and ${the.at(-1)}`;
}

/** A thrown error, or a contract error kept as data (a bulk change's failures, a draft's refusal). */
function asCallError(thrown: unknown): ContractCallError {
  if (thrown instanceof ContractCallError) return thrown;
  const data = contractErrorSchema.safeParse(thrown);
  return data.success ? new ContractCallError(data.data) : toCallError(thrown);
}

/** Any error (a thrown bug included) as what a person reads; see PresentedError. */
export function presentError(thrown: unknown, options: PresentOptions = {}): PresentedError {
  const error = asCallError(thrown);
  const now = options.now ?? new Date();
  const times: Times = { say: (iso) => timeFromNow(iso, now, options) };
  const machine = error.wording === 'machine' || error.message.trim() === '';
  const raw: string[] = machine && error.message.trim() !== '' ? [error.message.trim()] : [];

  const fields: PresentedField[] = [];
  const aboutTheWhole: string[] = [];
  let refusedUnnamed = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const whole = field === '(input)';
    const label = whole ? undefined : fieldLabel(field);
    const rule = error.fieldRules.find((r) => r.field === field);
    const message = label || whole ? fieldSentence(messages, rule, times) : undefined;
    const shownAsIs = message !== undefined && messages.join(' ') === message;
    if (!shownAsIs) raw.push(...messages.map((m) => (whole ? m : `${field}: ${m}`)));
    if (whole && message) aboutTheWhole.push(message);
    else if (!label) refusedUnnamed = true;
    else {
      // One field may come back under two paths (the service's and the contract's): said once.
      const said = message ?? 'This value was refused.';
      const same = fields.find((f) => f.label === label);
      if (!same) fields.push({ field, label, message: said });
      else if (!same.message.includes(said)) same.message = `${same.message} ${said}`;
    }
  }

  // Beyond its fields: what it says of the input as a whole, and of a value with no name on screen.
  const beyond = [...aboutTheWhole, ...(refusedUnnamed ? ['The service refused one of the values.'] : [])];
  const checkFields = fields.length > 0 ? [`Check ${listOfFields(fields.map((f) => f.label))}.`] : [];
  const sentence = machine
    ? [...checkFields, ...beyond].join(' ') || sentences[error.code]
    : [error.message.trim(), ...beyond].join(' ');
  const general = fields.length === 0 ? sentence : beyond.length > 0 ? beyond.join(' ') : null;
  const line =
    fields.length === 0
      ? sentence
      : [...fields.map((f) => `${f.label}: ${lower(f.message)}`), ...beyond].join(' ');
  if (raw.length > 0 && error.status) raw.push(`(The service answered ${error.status}.)`);

  const within = options.within ?? 'action';
  const place = within === 'load' ? 'area' : fields.length > 0 ? 'field' : 'toast';
  return {
    title: options.action ?? titles[error.code] ?? 'Something could not be done',
    sentence,
    hint: within === 'load' ? (hints[error.code] ?? null) : null,
    fields,
    general,
    detail: raw.length > 0 ? raw.join('\n') : null,
    place,
    stays: error.code === 'invalid_input',
    line,
  };
}

/**
 * What is wrong with the value at `path`, for a form that shows it beside its own field (which
 * names it, so no label): "Pick a time after 14:28 today."; undefined when nothing is.
 */
export function sayAtField(thrown: unknown, path: string, options: PresentOptions = {}): string | undefined {
  const error = asCallError(thrown);
  const messages = error.fieldErrors[path];
  if (!messages) return undefined;
  const times: Times = { say: (iso) => timeFromNow(iso, options.now ?? new Date(), options) };
  const rule = error.fieldRules.find((r) => r.field === path);
  return fieldSentence(messages, rule, times) ?? 'This value was refused.';
}

/** `sayAtField` for every field the error names, in the shape of `fieldErrors` for forms. */
export function sayAtFields(thrown: unknown, options: PresentOptions = {}): Record<string, string[]> {
  const paths = Object.keys(asCallError(thrown).fieldErrors);
  return Object.fromEntries(paths.map((path) => [path, [sayAtField(thrown, path, options)!]]));
}

/**
 * The error in one line, for the places with room for a line only (a row, a pane's notice): what
 * is wrong with each field, or the sentence.
 */
export function sayError(thrown: unknown, options: PresentOptions = {}): string {
  return presentError(thrown, options).line;
}
