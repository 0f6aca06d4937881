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
  rotationTimeout: {
    en: 'The modem has not reported its new IP yet. Check again in a minute.',
    ru: 'Модем ещё не сообщил новый IP. Проверьте через минуту.',
  },
} as const satisfies Messages;
