/** The farm domain's messages, in both languages: the panel's Farm section, the agents' API and the change-IP answers. */
import type { Messages } from '../../lib/messages.ts';

export const FARM_MESSAGES = {
  hostNameTaken: { en: 'A farm host with this name already exists.', ru: 'Хост с таким названием уже есть.' },
  modemKeyTaken: {
    en: 'This host already has a modem with this key.',
    ru: 'У этого хоста уже есть модем с таким ключом.',
  },
  portsInUse: {
    en: 'Proxies use ports outside this range: keep them inside it.',
    ru: 'Прокси используют порты вне этого диапазона: оставьте их внутри.',
  },
  /** A host's port range too narrow for its modems' proxies (`ports`: twice `proxies`). */
  portsTooFew: ({ proxies, ports }: { readonly proxies: number; readonly ports: number }) => ({
    en: `The host's modems carry up to ${proxies} ${proxies === 1 ? 'proxy' : 'proxies'}, two ports each: the range needs at least ${ports} ports.`,
    ru: `Модемы хоста вмещают прокси: ${proxies}, по два порта на каждый. Портов в диапазоне нужно не меньше ${ports}.`,
  }),
  hostHasModems: {
    en: 'This host still has modems: move or delete them first.',
    ru: 'У хоста ещё есть модемы: сначала перенесите или удалите их.',
  },
  modemHasProxies: {
    en: 'Proxies use this modem: it can be put in maintenance, not deleted or moved.',
    ru: 'Модем используют прокси: его можно перевести на обслуживание, но не удалить и не перенести.',
  },
  noFreePorts: {
    en: 'This farm host has no free ports left: widen its port range.',
    ru: 'У этого хоста не осталось свободных портов: расширьте диапазон.',
  },
  loginTaken: {
    en: 'This login is taken: choose another one.',
    ru: 'Этот логин уже занят: выберите другой.',
  },
  rotationFinished: { en: 'This rotation is already finished.', ru: 'Эта смена IP уже завершена.' },
  // A rotation's outcome, worded for the owner's page (the change-IP link's scripts read its `error` code).
  modemBusy: {
    en: 'The modem is not online: it cannot change its IP now.',
    ru: 'Модем не в сети: сменить IP сейчас нельзя.',
  },
  proxyInactive: {
    en: 'This proxy is not active: renew it to change its IP.',
    ru: 'Этот прокси не активен: продлите его, чтобы сменить IP.',
  },
  rotationFailed: {
    en: 'The modem could not change its IP. Try again in a minute.',
    ru: 'Модему не удалось сменить IP. Попробуйте через минуту.',
  },
  // A reboot's refusals and outcome (the owner's page and staff's modem page).
  modemRestarting: {
    en: 'The modem is already changing its IP or rebooting. Try again in a minute.',
    ru: 'Модем уже меняет IP или перезагружается. Попробуйте через минуту.',
  },
  rebootInactive: {
    en: 'This proxy is not active: renew it to reboot its modem.',
    ru: 'Этот прокси не активен: продлите его, чтобы перезагрузить модем.',
  },
  modemShared: {
    en: 'Other customers use this modem, and a reboot would cut them off too: ask support to reboot it.',
    ru: 'Этим модемом пользуются и другие клиенты, перезагрузка отключит и их: попросите поддержку перезагрузить его.',
  },
  rebootUnavailable: {
    en: 'The modem is offline or under maintenance: it cannot be rebooted now.',
    ru: 'Модем не в сети или на обслуживании: перезагрузить его сейчас нельзя.',
  },
  rebootFailed: {
    en: 'The modem did not come back after the reboot. Try again in a few minutes, or write to support.',
    ru: 'Модем не вернулся после перезагрузки. Попробуйте через несколько минут или напишите в поддержку.',
  },
  rebootTimeout: {
    en: 'The modem is still rebooting. This page shows its new IP once it is back.',
    ru: 'Модем ещё перезагружается. Новый IP появится на этой странице, когда он вернётся.',
  },
  // The owner's "check now" (and the agent's repeated result).
  checkFinished: { en: 'This check is already finished.', ru: 'Эта проверка уже завершена.' },
  checkInactive: {
    en: 'This proxy is not active: renew it to check it.',
    ru: 'Этот прокси не активен: продлите его, чтобы проверить.',
  },
  checkTimeout: {
    en: 'The farm has not answered the check yet. Try again in a minute.',
    ru: 'Ферма ещё не ответила на проверку. Попробуйте через минуту.',
  },
  rotationTimeout: {
    en: 'The modem has not reported its new IP yet. Check again in a minute.',
    ru: 'Модем ещё не сообщил новый IP. Проверьте через минуту.',
  },
} as const satisfies Messages;
