// Part of `npm run bench`: the JavaScript a signed-in customer downloads on a cold visit to the order page and the IP
// list (issue "Ordering and the customer's IPs"), in Chromium, for the production build and for the single-bundle
// build of the same pages (webpack.bench.js), and their ratio. The customer pages may load antd; what matters is that
// federation costs them little over one ordinary bundle. Expects dist/ to hold a current production build.
import { rmSync } from 'node:fs';
import { prepareDataDir } from '../e2e/prepared-data.ts';
import { createUser } from '../server/test/accounts.ts';
import { buildSingleBundle, coldJavaScript, type ColdJs, kb } from './bench-site-speed.ts';
import { startSite, type RunningSite } from './site-process.ts';

export const CUSTOMER_ROUTES = ['/order', '/ip', '/en/ip'] as const;
const EMAIL = 'bench-customer@example.com';
const PASSWORD = 'bench customer passphrase';

async function signIn(site: RunningSite): Promise<string> {
  const response = await fetch(`${site.url}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { key: string }).key;
}

async function measure(env: Record<string, string>): Promise<Map<string, ColdJs>> {
  // Each site owns its PGlite folder, so each gets its own copy with the customer in it.
  const data = await prepareDataDir('bench-customer', async (db) => {
    await createUser(db, { email: EMAIL, password: PASSWORD });
  });
  const site = await startSite({ dataDir: data.dataDir, env: { RATE_LIMITS: 'off', ...env } });
  try {
    const token = await signIn(site);
    const results = new Map<string, ColdJs>();
    for (const route of CUSTOMER_ROUTES) results.set(route, await coldJavaScript(site, route, { token }));
    return results;
  } finally {
    await site.stop();
    data.remove();
  }
}

export async function benchCustomerJs(): Promise<void> {
  const federated = await measure({});
  const singleDist = buildSingleBundle();
  let single: Map<string, ColdJs>;
  try {
    single = await measure({ DIST_DIR: singleDist });
  } finally {
    rmSync(singleDist, { recursive: true, force: true });
  }
  console.log('\nCold visit of a signed-in customer in Chromium, JavaScript (each file gzipped at level 6):');
  console.log('  route     federated              single bundle          ratio');
  for (const route of CUSTOMER_ROUTES) {
    const fed = federated.get(route) as ColdJs;
    const one = single.get(route) as ColdJs;
    console.log(
      `  ${route.padEnd(8)}  ${`${kb(fed.gzip)} (${fed.files} files)`.padEnd(21)}  ` +
        `${`${kb(one.gzip)} (${one.files} files)`.padEnd(21)}  ${(fed.gzip / one.gzip).toFixed(2)}`,
    );
  }
}
