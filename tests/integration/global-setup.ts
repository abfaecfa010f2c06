/** Starts one local twin (fresh data folder, its own ports) for the integration suite. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTwin, type Twin } from '../../infra/twin/twin.js';

declare module 'vitest' {
  export interface ProvidedContext {
    twin: {
      url: string;
      ports: Twin['ports'];
      userPoolId: string;
      userPoolClientId: string;
      admin: { email: string; password: string };
      /** Its data folder (twin.json): what `npm run invoke` reads, as DATA_DIR. */
      dataDir: string;
    };
  }
}

let twin: Twin | undefined;
let dataDir: string;

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parrot-it-'));
  twin = await startTwin({ port: Number(process.env.IT_PORT ?? 3300), dataDir, seed: false });
  project.provide('twin', {
    url: twin.url,
    ports: twin.ports,
    userPoolId: twin.state.userPoolId,
    userPoolClientId: twin.state.userPoolClientId,
    admin: twin.admin,
    dataDir,
  });
}

export async function teardown() {
  await twin?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
