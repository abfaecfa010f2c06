/**
 * A phrase's marks (shared/speech-marks.ts) as the SSML Polly reads
 * (https://docs.aws.amazon.com/polly/latest/dg/supportedtags.html), and the way back from Polly's
 * speech marks, whose offsets count UTF-8 bytes of that SSML document, to the plain text's
 * characters (docs/back-office.md "Marks"). Pure: no engine here.
 */
import type { Engine } from '@aws-sdk/client-polly';
import { SAY_AS, type SpokenPart } from '../../../shared/speech-marks.js';

/** XML's five reserved characters, which Polly asks to be escaped in SSML text and attributes. */
const ESCAPES: Partial<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const utf8Length = (s: string) => Buffer.byteLength(s, 'utf8');

/** An SSML document being written, with where each of its bytes falls in the plain text. */
class Document {
  ssml = '';
  /** plainAt[n]: the UTF-16 offset in the plain text of the SSML's byte n (markup: where it stands). */
  private readonly at: number[] = [];
  private plain = 0;

  /** Markup: none of the plain text. */
  tag(s: string) {
    for (let b = utf8Length(s); b > 0; b--) this.at.push(this.plain);
    this.ssml += s;
  }

  /** Plain text, escaped; `shown` says a character another way of the same length (an upper-case letter to spell). */
  text(t: string, shown: (ch: string) => string = (ch) => ch) {
    for (const ch of t) {
      const said = shown(ch).length === ch.length ? shown(ch) : ch;
      const out = ESCAPES[said] ?? said;
      for (let b = utf8Length(out); b > 0; b--) this.at.push(this.plain);
      this.ssml += out;
      this.plain += ch.length;
    }
  }

  /** The plain text's offset of an SSML byte offset; past the end, the plain text's length. */
  plainAt = (byte: number) => (byte >= this.at.length ? this.plain : this.at[Math.max(0, byte)]);
}

/**
 * Letters apart, for a neural voice: Polly's say-as "characters" is not in neural voices (the
 * sentence would be said by the standard voice of the same name, which several of ours have not:
 * https://docs.aws.amazon.com/polly/latest/dg/say-as-tag.html), and a voice reads a lone letter
 * by its name. The spaces are markup, not text: the timings stay on the word as written.
 */
function spellApart(doc: Document, text: string) {
  const chars = Array.from(text); // code points: a letter apart from the next
  chars.forEach((ch, i) => {
    doc.text(ch, (c) => c.toLocaleUpperCase());
    if (i < chars.length - 1 && /\S/u.test(ch) && /\S/u.test(chars[i + 1])) doc.tag(' ');
  });
}

function write(doc: Document, part: SpokenPart, engine: Engine) {
  switch (part.kind) {
    case 'text':
      return doc.text(part.text);
    case 'pause':
      return doc.tag(`<break time="${part.ms}ms"/>`);
    case 'slow':
      doc.tag(`<prosody rate="${part.rate}">`);
      for (const p of part.parts) write(doc, p, engine);
      return doc.tag('</prosody>');
    case 'ipa':
      doc.tag(`<phoneme alphabet="ipa" ph="${escapeXml(part.ph)}">`);
      doc.text(part.text);
      return doc.tag('</phoneme>');
    case 'say':
      if (part.as === 'spell' && engine !== 'standard') return spellApart(doc, part.text);
      doc.tag(`<say-as interpret-as="${SAY_AS[part.as]}"${part.format ? ` format="${part.format}"` : ''}>`);
      doc.text(part.text);
      return doc.tag('</say-as>');
  }
}

export interface Ssml {
  /** The `<speak>` document. */
  ssml: string;
  /** Maps a UTF-8 byte offset of `ssml` (Polly's speech marks) to a UTF-16 offset of the plain text. */
  plainAt: (byte: number) => number;
}

/** The SSML of marked text for a voice of `engine` (a neural voice spells apart instead of say-as characters). */
export function compileSsml(parts: readonly SpokenPart[], engine: Engine): Ssml {
  const doc = new Document();
  doc.tag('<speak>');
  for (const p of parts) write(doc, p, engine);
  doc.tag('</speak>');
  return { ssml: doc.ssml, plainAt: doc.plainAt };
}
