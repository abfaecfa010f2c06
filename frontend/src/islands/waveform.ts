/**
 * A recording drawn as its peaks (islands/recorder.ts draws the native one and the learner's take,
 * one above the other on one time scale, so a slower or shorter take shows as such).
 */

/** Bars of the longer recording; the shorter gets as many as its share of that length. */
export const BARS = 120;
/** The SVG's height in its own units (each bar is centred on the middle line). */
export const HEIGHT = 40;

/**
 * The loudest sample (absolute, any channel) of each of `bars` equal slices, scaled so the loudest
 * slice is 1: a quiet take has the same shape as a loud one. Silence stays 0.
 */
export function peaks(channels: Float32Array[], bars: number): number[] {
  const length = channels[0]?.length ?? 0;
  if (bars <= 0 || length === 0) return [];
  const out: number[] = [];
  for (let b = 0; b < bars; b++) {
    const from = Math.floor((b * length) / bars);
    const to = Math.max(from + 1, Math.floor(((b + 1) * length) / bars));
    let max = 0;
    for (const ch of channels) for (let i = from; i < to && i < length; i++) max = Math.max(max, Math.abs(ch[i]));
    out.push(max);
  }
  const top = Math.max(...out);
  return top > 0 ? out.map((p) => p / top) : out;
}

/** How many bars a recording of `seconds` gets beside one of `longest` seconds. */
export const barsFor = (seconds: number, longest: number) => (longest > 0 ? Math.max(1, Math.round((BARS * seconds) / longest)) : 0);

/** One SVG path of the bars (a bar per unit of width, 0.6 wide, at least 1 unit tall so silence still shows a line). */
export function wavePath(values: number[]): string {
  return values
    .map((p, x) => {
      const h = Math.max(1, Math.min(1, p) * HEIGHT);
      return `M${x} ${round((HEIGHT - h) / 2)}h0.6v${round(h)}h-0.6z`;
    })
    .join('');
}

const round = (n: number) => Math.round(n * 100) / 100;
