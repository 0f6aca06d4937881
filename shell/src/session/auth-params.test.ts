import { describe, expect, it } from 'vitest';
import { takeAuthParams } from './auth-params.ts';

function fakeWindow(href: string) {
  const replaced: string[] = [];
  const location = { href } as Location;
  const history = {
    state: null,
    replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url),
  } as unknown as History;
  return { location, history, replaced };
}

describe('takeAuthParams', () => {
  it('reads the e-mail key and strips it, keeping other parameters and the hash', () => {
    const { location, history, replaced } = fakeWindow('https://site.test/en?email_key=MQ:1x:abc&utm=1#login');
    expect(takeAuthParams(location, history)).toEqual({ emailKey: 'MQ:1x:abc' });
    expect(replaced).toEqual(['/en?utm=1#login']);
  });

  it('reads uid and token together', () => {
    const { location, history, replaced } = fakeWindow('https://site.test/?uid=1&token=dif8qg-3f2a');
    expect(takeAuthParams(location, history)).toEqual({ reset: { uid: '1', token: 'dif8qg-3f2a' } });
    expect(replaced).toEqual(['/']);
  });

  it('reads unsubscribe; a lone token is not a reset but is still removed', () => {
    const unsubscribe = fakeWindow('https://site.test/?unsubscribe=abc');
    expect(takeAuthParams(unsubscribe.location, unsubscribe.history)).toEqual({ unsubscribe: 'abc' });
    const lone = fakeWindow('https://site.test/about?token=x');
    expect(takeAuthParams(lone.location, lone.history)).toEqual({});
    expect(lone.replaced).toEqual(['/about']);
  });

  it('reads the e-mail change key and strips it before anything else can see it', () => {
    const { location, history, replaced } = fakeWindow('https://site.test/en/?email_change=WzUsImEiXQ:1u:sig&utm=2');
    expect(takeAuthParams(location, history)).toEqual({ emailChange: 'WzUsImEiXQ:1u:sig' });
    expect(replaced).toEqual(['/en/?utm=2']);
    const empty = fakeWindow('https://site.test/?email_change=');
    expect(takeAuthParams(empty.location, empty.history)).toEqual({});
    expect(empty.replaced).toEqual(['/']);
  });

  it('leaves a clean URL alone', () => {
    const { location, history, replaced } = fakeWindow('https://site.test/page/faq?q=1');
    expect(takeAuthParams(location, history)).toEqual({});
    expect(replaced).toEqual([]);
  });
});
