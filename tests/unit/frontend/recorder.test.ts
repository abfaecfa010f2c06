/**
 * The recorder's rules that need no browser (frontend/src/islands/recording.ts and waveform.ts):
 * the peaks a waveform draws, the bars of two recordings on one time scale, the format chosen for
 * each browser, the words a learner reads when the microphone cannot be used, and the server's
 * markup the loader and the island read.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Recorder } from '../../../frontend/src/pages/course/Recorder';
import { RECORD, ROOT } from '../../../shared/markup';
import { chooseMime, clock, DENIED, FAILED, MIME_TYPES, micMessage, NO_MICROPHONE, BUSY } from '../../../frontend/src/islands/recording';
import { BARS, barsFor, HEIGHT, peaks, wavePath } from '../../../frontend/src/islands/waveform';

const f32 = (...v: number[]) => Float32Array.from(v);

describe('peaks', () => {
  it('takes the loudest sample of each slice, by its size, scaled so the loudest slice is 1', () => {
    expect(peaks([f32(0.1, -0.2, 0.05, 0.1, -0.4, 0.2)], 3)).toEqual([0.5, 0.25, 1]);
  });
  it('reads every channel', () => {
    expect(peaks([f32(0.1, 0), f32(0, -0.4)], 2)).toEqual([0.25, 1]);
  });
  it('spreads the samples over the bars when there are more bars than samples', () => {
    expect(peaks([f32(0.5, 1)], 4)).toEqual([0.5, 0.5, 1, 1]);
  });
  it('keeps silence at 0, and draws nothing of no samples or no bars', () => {
    expect(peaks([f32(0, 0, 0, 0)], 2)).toEqual([0, 0]);
    expect(peaks([f32()], 3)).toEqual([]);
    expect(peaks([], 3)).toEqual([]);
    expect(peaks([f32(1)], 0)).toEqual([]);
  });
});

describe('two recordings on one time scale', () => {
  it('gives the longer all the bars and the shorter its share (at least one)', () => {
    expect(barsFor(4, 4)).toBe(BARS);
    expect(barsFor(2, 4)).toBe(BARS / 2);
    expect(barsFor(0.001, 60)).toBe(1);
    expect(barsFor(1, 0)).toBe(0);
  });
  it('draws one bar a unit of width, centred, silence as a thin line', () => {
    expect(wavePath([1, 0])).toBe(`M0 0h0.6v${HEIGHT}h-0.6zM1 ${(HEIGHT - 1) / 2}h0.6v1h-0.6z`);
    expect(wavePath([0.5])).toBe(`M0 ${HEIGHT / 4}h0.6v${HEIGHT / 2}h-0.6z`);
  });
});

describe('the format recorded', () => {
  const browser =
    (...types: string[]) =>
    (t: string) =>
      types.includes(t);
  it('is Opus in WebM where the browser records it (Chrome, Edge, Firefox)', () => {
    expect(chooseMime(browser('audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'))).toBe('audio/webm;codecs=opus');
  });
  it('is AAC in MP4 on Safari, which records nothing else', () => {
    expect(chooseMime(browser('audio/mp4', 'audio/mp4;codecs=mp4a.40.2'))).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(chooseMime(browser('audio/mp4'))).toBe('audio/mp4');
  });
  it("is the browser's own default when it names none of ours", () => {
    expect(chooseMime(browser('audio/x-unknown'))).toBeUndefined();
    expect(MIME_TYPES[0]).toBe('audio/webm;codecs=opus');
  });
});

describe('when the microphone cannot be used', () => {
  const error = (name: string) => Object.assign(new Error(name), { name });
  it('says it was refused, and where to allow it', () => {
    expect(micMessage(error('NotAllowedError'))).toBe(DENIED);
    expect(micMessage(error('SecurityError'))).toBe(DENIED);
    expect(DENIED).toMatch(/cannot use your microphone.*site settings/);
  });
  it('says when there is none, or it is busy', () => {
    expect(micMessage(error('NotFoundError'))).toBe(NO_MICROPHONE);
    expect(micMessage(error('NotReadableError'))).toBe(BUSY);
  });
  it('says something in words for anything else', () => {
    expect(micMessage(error('TypeError'))).toBe(FAILED);
    expect(micMessage('weird')).toBe(FAILED);
  });
  it('counts the seconds as m:ss', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(15)).toBe('0:15');
    expect(clock(61.9)).toBe('1:01');
  });
});

describe("the server's markup", () => {
  it('is one button in a root the loader knows, naming the phrase (and the native file on a card)', () => {
    const group = renderToStaticMarkup(createElement(Recorder, { phraseId: '01ABC' }));
    expect(group).toContain(`${ROOT.island}="recorder"`);
    expect(group).toContain(`${RECORD.take}="01ABC"`);
    expect(group).toContain(`<button type="button" ${RECORD.action}="record">`);
    expect(group).not.toContain(RECORD.native);
    const card = renderToStaticMarkup(createElement(Recorder, { phraseId: '01ABC', native: '/media/a.mp3', shortcut: 'R' }));
    expect(card).toContain(`${RECORD.native}="/media/a.mp3"`);
    expect(card).toContain('aria-keyshortcuts="R"');
  });
});
