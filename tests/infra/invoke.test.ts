/**
 * `npm run invoke -- --list` names every Lambda function of the stack, and only those: the
 * synthesized stack's own functions (each an AppFunction `Fn-{name}`, infra/cdk/constructs/function.ts)
 * against infra/scripts/lambda/functions.ts. A function added to the stack without its line there
 * (or removed from the stack and left there) fails here. CDK's own helper functions are not ours.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppFunction } from '../../infra/cdk/constructs/function.js';
import type { ParrotPhrasesStack } from '../../infra/cdk/stack.js';
import { STACK_FUNCTIONS } from '../../infra/scripts/lambda/functions.js';
import { realMail, removeTempDirs, SYNTH_TIMEOUT, synthStage } from './synth.js';

afterAll(removeTempDirs);

describe('the functions npm run invoke knows', () => {
  let stack: ParrotPhrasesStack;
  beforeAll(() => {
    ({ stack } = synthStage({ stage: 'prod', ...realMail }));
  }, SYNTH_TIMEOUT);

  it("are the stack's functions, by the names it gives them", () => {
    const ids = stack.node
      .findAll()
      .filter((c) => c instanceof AppFunction)
      .map((c) => c.node.id);
    expect(ids.length).toBeGreaterThan(0);
    // The name rule the list, the monitoring's labels and the logical ids share.
    for (const id of ids) expect(id, `${id}: name an AppFunction Fn-{module}`).toMatch(/^Fn-/);
    expect(ids.map((id) => id.replace(/^Fn-/, '')).sort()).toEqual(STACK_FUNCTIONS.map((f) => f.name).sort());
  });
});
