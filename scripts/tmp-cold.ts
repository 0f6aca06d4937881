import { coldJavaScript } from './bench-site-speed.ts';
import { startSite } from './site-process.ts';
const site = await startSite({ distDir: process.argv[2] });
try {
  for (const path of ['/', '/en', '/about']) {
    const cold = await coldJavaScript(site, path);
    console.log(path, cold.gzip, cold.raw);
    if (path === '/') for (const s of cold.scripts) console.log('  ', s.path, s.gzip);
  }
} finally { await site.stop(); }
