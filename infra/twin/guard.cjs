// Runs one service process and ties its life to the twin's: when the twin goes away for any
// reason (Ctrl-C, kill, crash), the IPC channel closes and the service is stopped too, so no
// orphan keeps a port. Usage (from services.ts): fork(guard.cjs, [command, ...args]).
const { spawn } = require('node:child_process');

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'ignore' });
const stop = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 3000).unref();
};
child.on('exit', (code) => process.exit(code ?? 0));
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
