/**
 * A phrase's 'How to say it' (docs/back-office.md "Marks"): the phrase's text with a few marks in
 * braces, a pause, a slower part, say-as kinds and IPA, that become SSML for Polly
 * (functions/lib/speech/ssml.ts). Pure: the form and the API give the same field errors.
 *
 *   Hola,{pause 1s} me llamo {spell}Ana{/spell}. {slow}Mucho gusto{/slow}.
 *   I say {ipa təˈmɑːtoʊ}tomato{/ipa}.
 *
 * With its marks taken out it must read exactly as the phrase, so that the word timings of its
 * audio fall on the words the page shows. Spaces that meet at a mark count once ('a {pause} b'
 * reads 'a b'); '{{' and '}}' are a brace of the text.
 */

/** Say-as marks, each with Polly's `interpret-as` (https://docs.aws.amazon.com/polly/latest/dg/say-as-tag.html). */
export const SAY_AS = { spell: 'characters', digits: 'digits', number: 'cardinal', ordinal: 'ordinal', date: 'date', phone: 'telephone' } as const;
export type SayAsMark = keyof typeof SAY_AS;
/** The orders a `{date …}` may say its parts in (Polly's `format` of say-as date). */
export const DATE_FORMATS = ['dmy', 'mdy', 'ymd', 'dm', 'md', 'ym', 'my', 'd', 'm', 'y', 'yyyymmdd'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const MARK_LIMITS = {
  /** Marks in one phrase (a pause is one, a pair such as {slow}…{/slow} one). */
  marks: 20,
  /** Characters of one phrase's 'How to say it', marks included (the phrase itself is at most 2,000). */
  chars: 3000,
  /** A pause: Polly's <break> is at most 10 s (https://docs.aws.amazon.com/polly/latest/dg/break-tag.html). */
  pauseMs: { min: 100, max: 10_000, plain: 500 },
  /** A slower part, in % of the voice's speed (Polly's prosody rate takes 20% to 200%). */
  slowPercent: { min: 20, max: 100 },
  /** The sounds of one {ipa …}. */
  ipa: 100,
} as const;

/**
 * What Polly reads in one request (https://docs.aws.amazon.com/polly/latest/dg/limits.html): 3,000
 * billed characters (the words) of at most 6,000 in all (SSML tags included).
 */
export const POLLY_TEXT = { billed: 3000, total: 6000 } as const;

/** Words and marks of the text; `slow` holds the others but not itself; say-as and IPA hold text only (as SSML nests them). */
export type SpokenInline =
  | { kind: 'text'; text: string }
  | { kind: 'pause'; ms: number }
  | { kind: 'say'; as: SayAsMark; format?: DateFormat; text: string }
  | { kind: 'ipa'; ph: string; text: string };
export type SpokenPart = SpokenInline | { kind: 'slow'; rate: string; parts: SpokenInline[] };

export type ParsedMarks = { ok: true; plain: string; parts: SpokenPart[]; marks: number } | { ok: false; message: string };

// ---- Field errors, in the admin's words -----------------------------------------------------------

const SAY_NAMES = Object.keys(SAY_AS) as SayAsMark[];
const MARK_NAMES = ['pause', 'slow', ...SAY_NAMES, 'ipa'];
/** What the form's hint says and every 'unknown mark' error repeats. */
export const MARKS_HINT =
  'Marks: {pause} or {pause 1s}, {slow}…{/slow} or {slow 70%}…{/slow}, {spell}…{/spell}, {digits}…, {number}…, {ordinal}…, {date dmy}…, {phone}…, {ipa təˈmɑːtoʊ}tomato{/ipa}. Write {{ or }} for a brace.';
export const MARKS_TEXT = {
  unknown: (mark: string) => `Unknown mark {${mark}}. The marks are ${MARK_NAMES.map((n) => `{${n}}`).join(', ')}.`,
  unended: 'A { starts a mark that has no }. Write {{ for a brace in the text.',
  loneClose: 'A } closes no mark. Write }} for a brace in the text.',
  notClosed: (name: string) => `{${name}} is not closed: end it with {/${name}}.`,
  closesNothing: (name: string) => `{/${name}} closes nothing: start it with {${name}} first.`,
  closeOrder: (open: string, close: string) => `Close {${open}} with {/${open}} before {/${close}}.`,
  pauseAlone: '{pause} stands alone: it has no {/pause}.',
  textOnly: (holder: string, mark: string) => `{${holder}} holds only words: take {${mark}} out of it.`,
  slowInSlow: '{slow} cannot be inside another {slow}.',
  empty: (name: string) => `{${name}} has no words inside: put them between {${name}} and {/${name}}.`,
  pause: `A pause is from 0.1s to 10s, e.g. {pause 1s} or {pause 300ms}.`,
  slow: `A slower part is ${MARK_LIMITS.slowPercent.min}% to ${MARK_LIMITS.slowPercent.max}% of the voice's speed, e.g. {slow 70%}.`,
  noArgument: (name: string) => `{${name}} takes nothing after its name.`,
  date: `{date} needs the order of its parts, one of ${DATE_FORMATS.join(', ')}: e.g. {date dmy}3/5/2024{/date}.`,
  ipaMissing: '{ipa} needs the sounds, e.g. {ipa təˈmɑːtoʊ}tomato{/ipa}.',
  ipaLong: `The sounds of {ipa} are at most ${MARK_LIMITS.ipa} characters.`,
  ipaChars: 'IPA may use only IPA symbols (such as ə ʃ ŋ), stress ˈ ˌ, length ː, dots and spaces.',
  tooMany: `At most ${MARK_LIMITS.marks} marks in one phrase.`,
  tooLong: `'How to say it' is at most ${MARK_LIMITS.chars} characters.`,
  tooManyForFile: `Too many marks for one audio file: Polly reads at most ${POLLY_TEXT.total.toLocaleString('en-US')} characters with its marks. Remove some marks or split the group.`,
  refused: 'Polly could not say these marks: check the sounds of {ipa} for this voice',
  notTheText: (plain: string) =>
    `With its marks taken out, this must read exactly as the phrase. Now it reads: “${plain.length > 80 ? `${plain.slice(0, 79)}…` : plain}”`,
} as const;

/**
 * IPA as Polly's `<phoneme alphabet="ipa">` takes it: lower-case Latin and IPA letters, modifier
 * letters (stress, length, tones), combining diacritics, β θ χ, clicks, the tie ‿, dots and spaces.
 * No markup characters can pass.
 */
const IPA = /^(?:[a-z\u00e6\u00e7\u00f0\u00f8\u0127\u014b\u0153\u01c0-\u01c3\u0250-\u02ff\u03b2\u03b8\u03c7\u1d00-\u1dbf\u203f. ]|[\u0300-\u036f])+$/u;

// ---- Parsing --------------------------------------------------------------------------------------

type Token = { kind: 'text'; text: string } | { kind: 'mark'; name: string; arg: string; closing: boolean; raw: string };

/** Text and marks, braces doubled read as one; or the first problem. */
function tokenize(input: string): Token[] | string {
  const out: Token[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  for (let i = 0; i < input.length;) {
    const c = input[i];
    if ((c === '{' || c === '}') && input[i + 1] === c) {
      text += c;
      i += 2;
    } else if (c === '}') return MARKS_TEXT.loneClose;
    else if (c === '{') {
      const end = input.indexOf('}', i + 1);
      const next = input.indexOf('{', i + 1);
      if (end < 0 || (next >= 0 && next < end)) return MARKS_TEXT.unended;
      const raw = input.slice(i + 1, end).trim();
      const m = /^(\/?)([A-Za-z]+)(?:\s+([\s\S]*))?$/.exec(raw);
      if (!m || !MARK_NAMES.includes(m[2].toLowerCase())) return MARKS_TEXT.unknown(raw);
      flush();
      out.push({ kind: 'mark', closing: m[1] === '/', name: m[2].toLowerCase(), arg: (m.at(3) ?? '').trim(), raw });
      i = end + 1;
    } else {
      text += c;
      i++;
    }
  }
  flush();
  return out;
}

/** `{pause}`, `{pause 1s}`, `{pause 300ms}`, `{pause 1.5s}`: milliseconds, or undefined when out of bounds. */
function pauseMs(arg: string): number | undefined {
  if (!arg) return MARK_LIMITS.pauseMs.plain;
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s)$/i.exec(arg);
  if (!m) return undefined;
  const ms = Math.round(Number(m[1]) * (m[2].toLowerCase() === 's' ? 1000 : 1));
  return ms >= MARK_LIMITS.pauseMs.min && ms <= MARK_LIMITS.pauseMs.max ? ms : undefined;
}

/** `{slow}` (Polly's preset 'slow') or `{slow 70%}`. */
function slowRate(arg: string): string | undefined {
  if (!arg) return 'slow';
  const m = /^(\d{1,3})\s*%$/.exec(arg);
  const n = m ? Number(m[1]) : NaN;
  return n >= MARK_LIMITS.slowPercent.min && n <= MARK_LIMITS.slowPercent.max ? `${n}%` : undefined;
}

/** An open mark while its words are read. */
interface Open {
  name: string;
  arg: string;
  parts: SpokenInline[];
}

/** A mark that opens, checked: its node once closed, or the problem. */
function opening(name: string, arg: string): string | undefined {
  if (name === 'slow') return slowRate(arg) ? undefined : MARKS_TEXT.slow;
  if (name === 'ipa') {
    if (!arg) return MARKS_TEXT.ipaMissing;
    if (arg.length > MARK_LIMITS.ipa) return MARKS_TEXT.ipaLong;
    return IPA.test(arg) ? undefined : MARKS_TEXT.ipaChars;
  }
  if (name === 'date') return (DATE_FORMATS as readonly string[]).includes(arg.toLowerCase()) ? undefined : MARKS_TEXT.date;
  return arg ? MARKS_TEXT.noArgument(name) : undefined;
}

/** The node an open mark becomes once closed (its words checked). */
function closed(open: Open): SpokenPart | string {
  const words = open.parts.map((p) => ('text' in p ? p.text : '')).join('');
  if (!words.trim()) return MARKS_TEXT.empty(open.name);
  if (open.name === 'slow') return { kind: 'slow', rate: slowRate(open.arg) ?? 'slow', parts: open.parts };
  if (open.name === 'ipa') return { kind: 'ipa', ph: open.arg, text: words };
  const as = open.name as SayAsMark;
  return as === 'date' ? { kind: 'say', as, format: open.arg.toLowerCase() as DateFormat, text: words } : { kind: 'say', as, text: words };
}

/** Spaces that meet at a mark count once, and none lead or trail: the plain text, with the nodes' words trimmed to it. */
function normalize(parts: SpokenPart[]): string {
  const texts: { text: string }[] = [];
  for (const p of parts) {
    if (p.kind === 'slow') texts.push(...p.parts.filter((c) => 'text' in c));
    else if ('text' in p) texts.push(p);
  }
  let plain = '';
  for (const t of texts) {
    if (!plain || /\s$/.test(plain)) t.text = t.text.replace(/^\s+/, '');
    plain += t.text;
  }
  for (let i = texts.length - 1; i >= 0; i--) {
    texts[i].text = texts[i].text.replace(/\s+$/, '');
    if (texts[i].text) break;
  }
  return texts.map((t) => t.text).join('');
}

const dropEmpty = <T extends SpokenPart>(parts: T[]): T[] =>
  parts.filter((p) => p.kind !== 'text' || p.text).map((p) => (p.kind === 'slow' ? { ...p, parts: dropEmpty(p.parts) } : p));

/** Reads marked text: its plain words and marks, or the first problem in plain words. `maxMarks`: one phrase's by default. */
export function parseMarks(input: string, maxMarks: number = MARK_LIMITS.marks): ParsedMarks {
  const tokens = tokenize(input);
  if (typeof tokens === 'string') return { ok: false, message: tokens };
  const top: SpokenPart[] = [];
  const stack: Open[] = [];
  let marks = 0;
  const here = (): SpokenPart[] => stack.at(-1)?.parts ?? top;
  for (const t of tokens) {
    const holder = stack.at(-1);
    if (t.kind === 'text') {
      here().push({ kind: 'text', text: t.text });
      continue;
    }
    if (t.closing) {
      if (t.name === 'pause') return { ok: false, message: MARKS_TEXT.pauseAlone };
      if (!holder) return { ok: false, message: MARKS_TEXT.closesNothing(t.name) };
      if (holder.name !== t.name) {
        const message = stack.some((o) => o.name === t.name) ? MARKS_TEXT.closeOrder(holder.name, t.name) : MARKS_TEXT.closesNothing(t.name);
        return { ok: false, message };
      }
      stack.pop();
      const node = closed(holder);
      if (typeof node === 'string') return { ok: false, message: node };
      // Only {slow} holds marks, and it holds no {slow}: a closed node goes into text or {slow}.
      here().push(node);
      continue;
    }
    if (holder && holder.name !== 'slow') return { ok: false, message: MARKS_TEXT.textOnly(holder.name, t.name) };
    if (holder && t.name === 'slow') return { ok: false, message: MARKS_TEXT.slowInSlow };
    marks++;
    if (t.name === 'pause') {
      const ms = pauseMs(t.arg);
      if (ms === undefined) return { ok: false, message: MARKS_TEXT.pause };
      here().push({ kind: 'pause', ms });
      continue;
    }
    const problem = opening(t.name, t.arg);
    if (problem) return { ok: false, message: problem };
    stack.push({ name: t.name, arg: t.arg, parts: [] });
  }
  const unclosed = stack.at(-1);
  if (unclosed) return { ok: false, message: MARKS_TEXT.notClosed(unclosed.name) };
  if (marks > maxMarks) return { ok: false, message: MARKS_TEXT.tooMany };
  const plain = normalize(top);
  return { ok: true, plain, parts: dropEmpty(top), marks };
}

/** A text of the phrase itself as marked text (its braces doubled): it says exactly what it reads. */
export const escapeMarks = (text: string) => text.replace(/[{}]/g, '$&$&');

/**
 * What is wrong with a phrase's 'How to say it': a mark, or words that are not the phrase's. Nothing
 * when it is empty or has no marks (it is not kept), or when the phrase is empty (the row is dropped).
 */
export function speechTextProblem(originalText: string, speechText: string): string | undefined {
  const text = originalText.trim();
  const said = speechText.trim();
  if (!text || !said) return undefined;
  if (said.length > MARK_LIMITS.chars) return MARKS_TEXT.tooLong;
  const parsed = parseMarks(said);
  if (!parsed.ok) return parsed.message;
  return parsed.marks === 0 || parsed.plain === text ? undefined : MARKS_TEXT.notTheText(parsed.plain);
}

/** How a phrase is said as marked text: its valid 'How to say it' when it has marks, else its own text. */
export function spokenText(p: { original_text: string; speech_text?: string | null }): string {
  const text = p.original_text.trim();
  const said = p.speech_text?.trim() ?? '';
  const parsed = said ? parseMarks(said) : undefined;
  return parsed?.ok && parsed.marks > 0 && parsed.plain === text ? said : escapeMarks(text);
}

/** What a row keeps as its 'How to say it': the trimmed marked text when it has marks (a text without any says nothing more). */
export function keptSpeechText(speechText: string | undefined): string | undefined {
  const said = speechText?.trim() ?? '';
  const parsed = said ? parseMarks(said) : undefined;
  return parsed?.ok && parsed.marks > 0 ? said : undefined;
}
