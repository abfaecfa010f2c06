/**
 * docs/cost.md says what the prod template holds (alarms, secrets, schedules...): `npm run cost`
 * writes it from the template, and this fails when the template changed since (run `npm run cost`).
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { COST_DOC, costDoc, templateFigures } from '../../infra/scripts/cost.js';
import { hostedZoneId, realMail, removeTempDirs, SYNTH_TIMEOUT, synthStage } from './synth.js';

afterAll(removeTempDirs);

describe('docs/cost.md', () => {
  it(
    'holds the figures of the prod template (npm run cost writes them)',
    async () => {
      const { template } = synthStage({ stage: 'prod', ...realMail, domainName: 'phrases.parrot-phrases.org', hostedZoneId });
      const doc = readFileSync(COST_DOC, 'utf8');
      expect(await costDoc(doc, templateFigures(template)), 'docs/cost.md is out of date: run npm run cost').toBe(doc);
    },
    SYNTH_TIMEOUT,
  );
});
