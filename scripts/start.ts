// `npm start`: build what is missing (a fresh clone has no dist/), then run the server process.
import { main } from '../server/server.ts';
import { buildMissing } from './build-missing.ts';

buildMissing();
await main();
