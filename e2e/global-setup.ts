// One production build for the whole end-to-end suite, exactly what `npm start` serves.
// E2E_REUSE_BUILD=1 skips it when dist/ is known to be current (local iteration only).
import { buildAll } from '../scripts/build-missing.ts';

export default function setup(): void {
  if (process.env.E2E_REUSE_BUILD === '1') return;
  buildAll();
}
