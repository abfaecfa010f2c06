/**
 * Polly as the speech engine for the tests of one describe block: its client mocked with
 * aws-sdk-client-mock (Polly has no local stand-in), the mock reset after each test and the
 * engine put back after the block. Call it inside the describe; it answers the mock.
 */
import { mockClient } from 'aws-sdk-client-mock';
import { PollyClient } from '@aws-sdk/client-polly';
import { afterEach, beforeAll } from 'vitest';
import { config } from '../../functions/lib/config.js';

export function withPolly() {
  beforeAll(() => {
    const previous = config.speechEngine;
    config.speechEngine = 'polly';
    return () => void (config.speechEngine = previous);
  });
  const polly = mockClient(PollyClient);
  afterEach(() => polly.reset());
  return polly;
}
