// remotes.json keeps naming each remote's mf-manifest.json (how a remote is deployed, README); the shell loads the
// remoteEntry.js beside it, skipping the manifest's extra request.
import { expect, it } from 'vitest';
import { remoteEntryOf } from './remotes.ts';

it.each([
  ['/remotes/marketing/mf-manifest.json', '/remotes/marketing/remoteEntry.js'],
  ['/remotes/marketing-2/mf-manifest.json', '/remotes/marketing-2/remoteEntry.js'],
  ['https://cdn.example.com/ip/1.4.0/mf-manifest.json', 'https://cdn.example.com/ip/1.4.0/remoteEntry.js'],
  ['/remotes/user/remoteEntry.js', '/remotes/user/remoteEntry.js'],
])('loads %s as %s', (entry, loaded) => {
  expect(remoteEntryOf(entry)).toBe(loaded);
});
