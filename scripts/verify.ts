// `npm test`: the static checks and the production build side by side, then every test against that build.
// Type-checking, linting and the format check each keep one core busy for under a minute, and the build a core and a
// bit for a few: run one after another they cost a 2-core machine some two minutes more than together.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const STEPS = ['typecheck', 'lint', 'format:check', 'build'] as const;

interface Outcome {
  readonly step: string;
  readonly code: number | null;
  readonly output: string;
  readonly seconds: number;
}

function run(step: string): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', step], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => done({ step, code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

const outcomes = await Promise.all(STEPS.map(run));
for (const { step, code, output, seconds } of outcomes) {
  console.log(`${code === 0 ? '✓' : '✗'} ${step} (${seconds.toFixed(1)} s)`);
  // A passing check's output is noise (the build's asset list); a failing one's is the point.
  if (code !== 0) console.log(output);
}
if (outcomes.some(({ code }) => code !== 0)) process.exit(1);

// The build above is current: the browser suite's global setup need not build again.
const tests = spawn(resolve(root, 'node_modules/.bin/vitest'), ['run'], {
  cwd: root,
  env: { ...process.env, E2E_REUSE_BUILD: '1' },
  stdio: 'inherit',
});
tests.on('close', (code) => process.exit(code ?? 1));
