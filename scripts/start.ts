// `npm start`: build what is missing (a fresh clone has no dist/), then run the server process and the demo farm's
// agent beside it.
import { main } from '../server/server.ts';
import { buildMissing } from './build-missing.ts';
import { startDemoAgent } from './demo-agent.ts';

// The folder the server will serve, which is also where webpack writes when DIST_DIR is set.
buildMissing(process.env.DIST_DIR || undefined);
await main({ companion: startDemoAgent });
