// Every `findBy…` and `waitFor` of the component tests returns only once React has nothing left to do: the render
// the awaited element came from and its effects (a form field registers itself with React Final Form in an effect;
// a test that types before that sees its text dropped until the effect runs). React runs that work as tasks of its
// scheduler, which a busy machine spreads over several turns of the event loop, so Testing Library's own wait (one
// timer turn) is not enough there. A task of idle priority runs only after every task queued before it.
import { configure, getConfig } from '@testing-library/react';
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';

const settled = () =>
  new Promise<void>((resolve) => {
    unstable_scheduleCallback(unstable_IdlePriority, () => resolve());
  });

const wait = getConfig().asyncWrapper;
configure({
  asyncWrapper: (callback) =>
    wait(async () => {
      const result: unknown = await callback();
      await settled();
      return result;
    }),
});
