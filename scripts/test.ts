/**
 * `npm test`: every gate and every suite, in one command.
 *   1. typecheck, lint (zero warnings), formatting, unused code (knip)
 *   2. vitest: unit and component suites, then the integration project
 *      (API against a local stack it starts itself, browser end-to-end in
 *      Chromium, Firestore/Storage rules where the official emulator runs)
 * It stops at the first failing gate and exits non-zero.
 */
import { spawnSync } from 'node:child_process';

const steps: { name: string; cmd: string; args: string[] }[] = [
  { name: 'typecheck', cmd: 'npx', args: ['tsc', '-p', 'tsconfig.json'] },
  { name: 'typecheck (domain)', cmd: 'npx', args: ['tsc', '-p', 'domain'] },
  { name: 'typecheck (functions)', cmd: 'npx', args: ['tsc', '-p', 'functions'] },
  { name: 'typecheck (web)', cmd: 'npx', args: ['tsc', '-p', 'web'] },
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'format', cmd: 'npx', args: ['prettier', '--check', '.', '--log-level', 'warn'] },
  // Unused files, exports and dependencies (knip.json names the entry points).
  { name: 'unused code', cmd: 'npx', args: ['knip'] },
  // Budgets of gzip JavaScript: the landing page, the dashboard before its first paint, all.
  { name: 'bundle budgets', cmd: 'npx', args: ['tsx', 'bench/bundle-size.ts'] },
  { name: 'tests', cmd: 'npx', args: ['vitest', 'run', ...process.argv.slice(2)] },
];

const times: string[] = [];
for (const step of steps) {
  console.log(`\n=== ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(step.cmd, step.args, { stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  times.push(`${step.name} ${seconds} s`);
  if (result.status !== 0) {
    console.error(
      `\n${step.name} failed (exit ${result.status ?? result.signal}) after ${seconds} s.`,
    );
    process.exit(result.status ?? 1);
  }
}
console.log(`\nAll gates passed: ${times.join(', ')}.`);
