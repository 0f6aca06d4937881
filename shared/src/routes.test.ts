import { describe, expect, it } from 'vitest';
import { isSectionRoute, matchRoute, overlayHashes, paths, undeployedPanelSection } from './routes.ts';

describe('isSectionRoute', () => {
  it.each([
    ['/', true],
    ['/home', true],
    ['/en/home', true],
    ['/panel/page/add', true],
    ['/order', true],
    ['/en/ip', true],
    ['/ip/12', true],
    ['/panel/users', true],
    ['/en/panel/users/4', true],
    ['/user', true],
    ['/en/user/5', true],
    ['/panel/payment/3', true],
    // Content pages: the catch-all.
    ['/about', false],
    ['/a/b', false],
  ])('%s → %s', (pathname, expected) => {
    expect(isSectionRoute(pathname)).toBe(expected);
  });
});

describe('matchRoute', () => {
  it.each([
    ['/', 'home', 'ru', {}],
    ['/en', 'home', 'en', {}],
    ['/en/', 'home', 'en', {}],
    ['/about', 'page', 'ru', { id: 'about' }],
    ['/en/about', 'page', 'en', { id: 'about' }],
    ['/page', 'contentPage', 'ru', {}],
    ['/page/faq', 'contentPage', 'ru', { id: 'faq' }],
    ['/en/page/faq/', 'contentPage', 'en', { id: 'faq' }],
    ['/home', 'account', 'ru', {}],
    ['/en/home', 'account', 'en', {}],
    ['/panel/login', 'panelLogin', 'ru', {}],
    ['/en/panel', 'panelHome', 'en', {}],
    ['/panel/page', 'panelPages', 'ru', {}],
    ['/en/panel/page/add', 'panelPageAdd', 'en', {}],
    ['/panel/page/12', 'panelPageEdit', 'ru', { id: '12' }],
    ['/panel/users', 'panelUsers', 'ru', {}],
    ['/en/panel/users/4', 'panelUserEdit', 'en', { id: '4' }],
    ['/panel/farm', 'panelFarm', 'ru', {}],
    ['/en/panel/farm/modems/add', 'panelFarmModemAdd', 'en', {}],
    ['/panel/farm/modems/7', 'panelFarmModemEdit', 'ru', { id: '7' }],
    ['/panel/farm/hosts/add', 'panelFarmHostAdd', 'ru', {}],
    ['/en/panel/farm/hosts/2', 'panelFarmHostEdit', 'en', { id: '2' }],
  ])('%s → %s', (pathname, id, language, params) => {
    const match = matchRoute(pathname);
    expect(match?.route.id).toBe(id);
    expect(match?.language).toBe(language);
    expect(match?.params).toEqual(params);
  });

  it.each(['/a/b', '/page/faq/extra', '/panel/nothing/1', '/en/a/b'])('%s matches nothing', (pathname) => {
    expect(matchRoute(pathname)).toBeNull();
  });

  it("skips the routes of remotes that are not deployed, never the shell's own", () => {
    const onlyMarketing = (remote: string) => remote === 'marketing';
    expect(matchRoute('/home', onlyMarketing)?.route.id).toBe('page');
    expect(matchRoute('/', () => false)).toBeNull();
    expect(matchRoute('/panel/login', () => false)?.route.id).toBe('panelLogin');
    expect(matchRoute('/panel/page', onlyMarketing)).toBeNull();
  });

  it('guards the panel Pages routes with the pages permissions (edit only needs view: the form is then read-only)', () => {
    expect(matchRoute('/panel/page')?.route.permission).toBe('pages.view_page');
    expect(matchRoute('/panel/page/add')?.route.permission).toBe('pages.add_page');
    expect(matchRoute('/panel/page/7')?.route.permission).toBe('pages.view_page');
  });

  it('guards the Farm routes: either list opens the section, each screen needs its own resource permission', () => {
    expect(matchRoute('/panel/farm')?.route.permission).toBe('farm.view_modem|farm.view_agenthost');
    expect(matchRoute('/panel/farm/modems/add')?.route.permission).toBe('farm.add_modem');
    expect(matchRoute('/panel/farm/modems/3')?.route.permission).toBe('farm.view_modem');
    expect(matchRoute('/panel/farm/hosts/add')?.route.permission).toBe('farm.add_agenthost');
    expect(matchRoute('/panel/farm/hosts/3')?.route.permission).toBe('farm.view_agenthost');
  });

  it('rejects a malformed escape instead of throwing', () => {
    expect(matchRoute('/%E0%A4%A')).toBeNull();
  });
});

describe('undeployedPanelSection', () => {
  const only =
    (...names: string[]) =>
    (remote: string) =>
      names.includes(remote);
  it.each([
    // Users has no remote in the route table yet: never served.
    ['/panel/users', only('panel-page'), 'users'],
    ['/en/panel/users/4', only('panel-page'), 'users'],
    ['/panel/users/', only(), 'users'],
    // Pages is served only while its remote is deployed.
    ['/panel/page', only(), 'pages'],
    ['/en/panel/page/add', only('marketing'), 'pages'],
    ['/panel/page', only('panel-page'), undefined],
    ['/panel/page/1/extra', only('panel-page'), undefined],
    ['/en/panel/farm/hosts/3', only('panel-page'), 'farm'],
    ['/panel/farm/modems', only('panel-farm'), undefined],
    // Not a section's address at all.
    ['/panel', only(), undefined],
    ['/panel/whatever', only(), undefined],
    ['/panel/pages', only(), undefined],
    ['/users', only(), undefined],
  ])('%s', (pathname, isDeployed, expected) => {
    expect(undeployedPanelSection(pathname, isDeployed)?.id).toBe(expected);
  });
});

describe('paths', () => {
  it('builds hrefs in both languages', () => {
    expect(paths.home('ru')).toBe('/');
    expect(paths.home('en')).toBe('/en');
    expect(paths.page('about', 'en')).toBe('/en/about');
    expect(paths.contentPage(undefined, 'ru')).toBe('/page');
    expect(paths.contentPage('faq', 'en')).toBe('/en/page/faq');
    expect(paths.ipTransfer(undefined, 'ru')).toBe('/ip/transfer');
    expect(paths.ipTransfer(4, 'en')).toBe('/en/ip/transfer/4');
    expect(paths.panelUserEdit(9, 'ru')).toBe('/panel/users/9');
    expect(paths.panelLogin('en')).toBe('/en/panel/login');
  });

  it('round-trips through matchRoute for every route of the table', () => {
    const samples = {
      home: paths.home('en'),
      account: paths.account('ru'),
      page: paths.page('terms', 'en'),
      contentPage: paths.contentPage('faq', 'ru'),
      panelLogin: paths.panelLogin('en'),
      panelHome: paths.panelHome('ru'),
      panelPages: paths.panelPages('en'),
      panelPageAdd: paths.panelPageAdd('ru'),
      panelPageEdit: paths.panelPageEdit(3, 'en'),
      panelFarm: paths.panelFarmHosts('en'),
      panelFarmModemAdd: paths.panelFarmModemAdd('ru'),
      panelFarmModemEdit: paths.panelFarmModemEdit(8, 'en'),
      panelFarmHostAdd: paths.panelFarmHostAdd('en'),
      panelFarmHostEdit: paths.panelFarmHostEdit(2, 'ru'),
    };
    for (const [id, href] of Object.entries(samples)) {
      expect(matchRoute(new URL(href, 'http://x').pathname)?.route.id, href).toBe(id);
    }
  });
});

describe('overlayHashes', () => {
  it('names the top-up dialog and reads an invoice back from its hash, nothing else', () => {
    expect(overlayHashes.invoice(42)).toBe('invoice-42');
    expect(overlayHashes.invoiceOf('#invoice-42')).toBe(42);
    expect(overlayHashes.invoiceOf('invoice-7')).toBe(7);
    for (const hash of ['#topup', '#invoice-0', '#invoice-01', '#invoice-12345678901', '#invoice-1x']) {
      expect(overlayHashes.invoiceOf(hash), hash).toBeNull();
    }
  });
});

describe('overlayHashes.topUpAmount', () => {
  it('names the top-up dialog with an amount in minor units and reads only such an amount back', () => {
    expect(overlayHashes.topUpAmount(12_345)).toBe('topup-12345');
    expect(overlayHashes.topUpAmountOf('#topup-12345')).toBe(12_345);
    expect(overlayHashes.topUpAmountOf(overlayHashes.topUpAmount(100_000_000_000))).toBe(100_000_000_000);
    for (const hash of [
      '#topup',
      '#topup-',
      '#topup-0',
      '#topup-012',
      '#topup-1.5',
      '#topup--5',
      '#topup-1234567890123',
    ]) {
      expect(overlayHashes.topUpAmountOf(hash), hash).toBeNull();
    }
    expect(overlayHashes.invoiceOf('#topup-12345')).toBeNull();
  });
});
