/** The elements of the practice screen (PracticeScreen.tsx) that its island drives. */
import { PRACTICE, sel } from '@shared/markup';
export interface Parts {
  root: HTMLElement;
  stage: HTMLElement;
  details: HTMLDetailsElement;
  first: HTMLAudioElement;
  second: HTMLAudioElement;
  done: HTMLElement;
  handsFreeSwitch: HTMLInputElement;
  singleKeysBox: HTMLInputElement;
}

/** The parts, looked up once at mount; none when the markup is not the practice screen's. */
export function partsOf(root: HTMLElement): Parts | undefined {
  const stage = root.querySelector<HTMLElement>(sel(PRACTICE.stage));
  const details = root.querySelector<HTMLDetailsElement>(`details${sel(PRACTICE.answer)}`);
  const first = root.querySelector<HTMLAudioElement>(`audio${sel(PRACTICE.audio)}`);
  const second = root.querySelector<HTMLAudioElement>(`audio${sel(PRACTICE.nextAudio)}`);
  const done = root.querySelector<HTMLElement>(sel(PRACTICE.done));
  const handsFreeSwitch = root.querySelector<HTMLInputElement>(`input${sel(PRACTICE.handsFree)}`);
  const singleKeysBox = root.querySelector<HTMLInputElement>(`input${sel(PRACTICE.singleKeys)}`);
  if (!stage || !details || !first || !second || !done || !handsFreeSwitch || !singleKeysBox) return undefined;
  return { root, stage, details, first, second, done, handsFreeSwitch, singleKeysBox };
}

/** A copy of the row of the page's <template data-row=`name`>: the only markup the island adds. */
export function cloneRow(root: HTMLElement, name: string) {
  return root.querySelector<HTMLTemplateElement>(`template${sel(PRACTICE.row, name)}`)?.content.firstElementChild?.cloneNode(true) as HTMLElement | undefined;
}

/** Runs `work` in a task after the next frame: what the visitor sees is painted first. */
export const afterPaint = (work: () => void) => requestAnimationFrame(() => setTimeout(work));
