/**
 * `npm run create-admin -- <email> <password>`: creates (or resets) a confirmed admin in the local
 * twin's user pool. The twin must be running (same PORT and DATA_DIR as `npm start`).
 */
import './quiet.js';
import path from 'node:path';
import { ensureUser, localClients, readState } from './bootstrap.js';
import { portsFor } from './services.js';
import { ROOT } from './twin.js';

const [email, password] = process.argv.slice(2);
if (!email || !password) {
  console.error('Usage: npm run create-admin -- <email> <password>');
  process.exit(1);
}
const state = readState(process.env.DATA_DIR ?? path.join(ROOT, '.data'));
if (!state) {
  console.error('No local twin found: run npm start first.');
  process.exit(1);
}
const { cognito } = localClients(portsFor(Number(process.env.PORT ?? 3000)));
try {
  await ensureUser(cognito, state.userPoolId, email, password, true);
  console.log(`Admin ${email} is ready: sign in at /auth.`);
} catch (e) {
  console.error(`Could not create the admin (is npm start running?): ${(e as Error).message}`);
  process.exit(1);
}
