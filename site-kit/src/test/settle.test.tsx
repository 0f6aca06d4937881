// The component tests' waits (`findBy…`, `waitFor`) return once React's scheduler has nothing left to run, however
// many turns of the event loop that work takes on a busy machine (site-kit/src/test/settle.ts).
import { render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { unstable_NormalPriority, unstable_scheduleCallback } from 'scheduler';
import { expect, it } from 'vitest';

/** Work of React's kind spread over `turns` tasks, each longer than the scheduler's 5 ms slice, so each yields. */
function spread(turns: number, done: () => void) {
  unstable_scheduleCallback(unstable_NormalPriority, () => {
    const end = performance.now() + 6;
    while (performance.now() < end);
    if (turns > 1) spread(turns - 1, done);
    else done();
  });
}

function Late({ onSettled }: { onSettled: () => void }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    void Promise.resolve().then(() => setShown(true));
  }, []);
  useEffect(() => {
    if (shown) spread(5, onSettled);
  }, [shown, onSettled]);
  return shown ? <p>shown</p> : null;
}

it('a findBy returns after the work its render left queued, not one timer turn later', async () => {
  let settled = false;
  render(<Late onSettled={() => (settled = true)} />);
  await screen.findByText('shown');
  expect(settled).toBe(true);
});
