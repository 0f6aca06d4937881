// The agent's one command queue (rotations, reboots, requested checks): each listed id runs once however many
// configs list it, its result is kept until the API answers for it, and posted ids the config no longer lists go.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { eventually } from '../test/clients.ts';
import { CommandQueue } from './commands.ts';

function queue({ failPosts = 0 } = {}) {
  const runs: number[] = [];
  const posts: { id: number; result: string; ok: boolean }[] = [];
  let failures = failPosts;
  const commands = new CommandQueue(pino({ level: 'silent' }), new AbortController().signal);
  commands.handle<{ id: number }, string>('check', {
    run: async ({ id }) => {
      runs.push(id);
      return `result of ${id} (run ${runs.length})`;
    },
    post: async (id, result) => {
      const ok = failures-- <= 0;
      posts.push({ id, result, ok });
      if (!ok) throw new Error('503');
      return true;
    },
  });
  return { commands, runs, posts };
}

describe('the command queue', () => {
  it('runs each listed id once, however many configs list it while it runs and until it is posted', async () => {
    const { commands, runs, posts } = queue();
    commands.take('check', [{ id: 1 }]);
    commands.take('check', [{ id: 1 }, { id: 2 }]);
    await eventually(() => posts.length === 2);
    commands.take('check', [{ id: 1 }, { id: 2 }]);
    await commands.flush();
    expect(runs).toEqual([1, 2]);
    expect(posts.map((post) => post.id).sort()).toEqual([1, 2]);
  });

  it('posts the same result again after a failed post, at the next flush, and not after it was taken', async () => {
    const { commands, runs, posts } = queue({ failPosts: 2 });
    commands.take('check', [{ id: 5 }]);
    await eventually(() => posts.length === 1);
    await commands.flush();
    await commands.flush();
    await commands.flush();
    expect(runs).toEqual([5]);
    expect(posts).toEqual([
      { id: 5, result: 'result of 5 (run 1)', ok: false },
      { id: 5, result: 'result of 5 (run 1)', ok: false },
      { id: 5, result: 'result of 5 (run 1)', ok: true },
    ]);
  });

  it('keeps an unlisted id until its result is posted, and forgets it once posted and unlisted', async () => {
    const { commands, runs, posts } = queue({ failPosts: 1 });
    commands.take('check', [{ id: 7 }]);
    await eventually(() => posts.length === 1);
    commands.take('check', []);
    commands.take('check', [{ id: 7 }]);
    expect(runs).toEqual([7]);
    await commands.flush();
    expect(posts.map((post) => post.ok)).toEqual([false, true]);
    commands.take('check', []);
    // Only an id the queue forgot runs again (the API never lists an answered id again; this shows it was dropped).
    commands.take('check', [{ id: 7 }]);
    expect(runs).toEqual([7, 7]);
  });
});
