// Part of `npm run bench`: server rendering (README, "Server rendering").
//   - render time of the public pages in the render worker, p50 and p95 over 200 renders each, from the state and API
//     answers a running site gives (budget: p95 ≤ 50 ms);
//   - the server's throughput on `/` server-rendered against the same server rendering nothing
//     (SERVER_RENDERING=off), 10 connections for 8 s each (budget: at least half). Visitors who are not signed in share
//     a render of the same page (server/lib/ssr/renderer.ts); the figure with a render for every request (a query that
//     differs each time, as a signed-in visitor's page is rendered) is printed beside it.
// Expects dist/ to hold a current production build. Prints PASS/FAIL per budget; never fails the process.
import autocannon from 'autocannon';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { createPageRenderer } from '../server/lib/ssr/renderer.ts';
import { builtDist, startSite } from './site-process.ts';

const BUDGETS = { renderP95Ms: 50, throughputRatio: 0.5 } as const;
const PAGES = ['/', '/en', '/about', '/en/about', '/page', '/downloads'] as const;
const RENDERS = 200;

const missedDeadlines = (log: string) => log.split('server render missed its deadline').length - 1;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

async function throughput(url: string, everyTime = false): Promise<{ rps: number; p99: number; errors: number }> {
  let request = 0;
  const result = await autocannon({
    url,
    connections: 10,
    duration: 8,
    headers: { 'accept-language': 'ru' },
    ...(everyTime ? { requests: [{ setupRequest: (req) => ({ ...req, path: `/?visit=${request++}` }) }] } : {}),
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export async function benchServerRendering(): Promise<void> {
  console.log(
    `\nServer rendering: render time in the worker, ${RENDERS} renders per page (p95 ≤ ${BUDGETS.renderP95Ms} ms):`,
  );
  // The state each document embeds, and the API behind the pages' loaders, from a site that renders nothing itself.
  const source = await startSite({ env: { SERVER_RENDERING: 'off' } });
  const renderer = createPageRenderer({
    distDir: builtDist,
    log: pino({ level: 'warn' }) as unknown as FastifyBaseLogger,
    deadline: 10_000,
  });
  try {
    const remotes = (await (await fetch(`${source.url}/remotes.json`)).json()) as {
      remotes: { name: string; entry: string }[];
    };
    const askApi = async (url: string, headers: Record<string, string>) => {
      const response = await fetch(`${source.url}${url}`, { headers });
      return {
        status: response.status,
        headers: { 'content-type': response.headers.get('content-type') ?? '' },
        body: await response.text(),
      };
    };
    for (const path of PAGES) {
      const html = await (await fetch(`${source.url}${path}`)).text();
      const state = JSON.parse(
        /<script id="app-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}',
      );
      const times: number[] = [];
      for (let round = 0; round < RENDERS + 20; round += 1) {
        const started = performance.now();
        const page = await renderer.render(remotes, { url: path, state, askApi });
        if (!page) throw new Error(`${path} was not rendered`);
        // The first renders warm the worker's code up; a visitor after a deploy meets them once.
        if (round >= 20) times.push(performance.now() - started);
      }
      const p95 = percentile(times, 0.95);
      console.log(
        `  ${path.padEnd(10)}  p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms   ` +
          `${verdict(p95 <= BUDGETS.renderP95Ms)}`,
      );
    }
  } finally {
    await renderer.close();
    await source.stop();
  }

  console.log('\nServer rendering: GET / (10 connections, 8 s), server-rendered against rendering nothing:');
  const rendered = await startSite();
  let on: Awaited<ReturnType<typeof throughput>>;
  let each: Awaited<ReturnType<typeof throughput>>;
  let late = 0;
  let lateEach = 0;
  try {
    await throughput(`${rendered.url}/`); // warm-up: the worker's first renders
    // A page not rendered in time goes out as the browser-rendered document: count them, they are no rendering.
    let before = missedDeadlines(rendered.output());
    on = await throughput(`${rendered.url}/`);
    late = missedDeadlines(rendered.output()) - before;
    before = missedDeadlines(rendered.output());
    each = await throughput(`${rendered.url}/`, true);
    lateEach = missedDeadlines(rendered.output()) - before;
  } finally {
    await rendered.stop();
  }
  const plain = await startSite({ env: { SERVER_RENDERING: 'off' } });
  let off: Awaited<ReturnType<typeof throughput>>;
  try {
    await throughput(`${plain.url}/`);
    off = await throughput(`${plain.url}/`);
  } finally {
    await plain.stop();
  }
  const ratio = on.rps / off.rps;
  console.log(
    `  server-rendered       ${on.rps.toFixed(0)} req/s, p99 ${on.p99} ms, errors ${on.errors}, ` +
      `sent unrendered (deadline missed) ${late}`,
  );
  console.log(
    `  a render per request  ${each.rps.toFixed(0)} req/s, p99 ${each.p99} ms, errors ${each.errors}, ` +
      `sent unrendered (deadline missed) ${lateEach}, ratio ${(each.rps / off.rps).toFixed(2)}`,
  );
  console.log(`  SERVER_RENDERING=off  ${off.rps.toFixed(0)} req/s, p99 ${off.p99} ms, errors ${off.errors}`);
  console.log(
    `  ratio ${ratio.toFixed(2)}   ≥ ${BUDGETS.throughputRatio}: ${verdict(ratio >= BUDGETS.throughputRatio)}`,
  );
}
