// Runs one command of the local stack and ties its whole process group to the process that
// started it: `node guard.mjs <command> [args...]`, started as the leader of a new process
// group. Signals are passed on to the command; when the starting process goes away (killed,
// crashed), everything in the group (the command and whatever it spawned, such as emulator
// workers) is stopped too, so nothing is left behind.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const parent = process.ppid;
const child = spawn(command, args, { stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (err) => {
  console.error(err);
  process.exit(1);
});

function stopGroup() {
  try {
    process.kill(0, 'SIGTERM');
  } catch {
    // Already gone.
  }
  setTimeout(() => process.kill(0, 'SIGKILL'), 3000).unref();
}

setInterval(() => {
  if (process.ppid !== parent) stopGroup();
}, 500).unref();
