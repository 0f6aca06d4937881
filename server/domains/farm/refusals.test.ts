import { testRefusals } from '../../test/refusals.ts';
import { FARM_REFUSALS } from './refusals.ts';

testRefusals('farm', FARM_REFUSALS, {
  hostNameTaken: {
    refusal: FARM_REFUSALS.hostNameTaken(),
    status: 400,
    en: { name: ['A farm host with this name already exists.'] },
    ru: { name: ['Хост с таким названием уже есть.'] },
  },
  modemKeyTaken: {
    refusal: FARM_REFUSALS.modemKeyTaken(),
    status: 400,
    en: { key: ['This host already has a modem with this key.'] },
    ru: { key: ['У этого хоста уже есть модем с таким ключом.'] },
  },
  unknownHost: {
    refusal: FARM_REFUSALS.unknownHost(),
    status: 400,
    en: { host: ['Invalid pk - object does not exist.'] },
    ru: { host: ['Недопустимый первичный ключ - объект не существует.'] },
  },
  portOrder: {
    refusal: FARM_REFUSALS.portOrder(),
    status: 400,
    en: { port_max: ['The last port must be above the first.'] },
    ru: { port_max: ['Последний порт должен быть больше первого.'] },
  },
  portsInUse: {
    refusal: FARM_REFUSALS.portsInUse(),
    status: 400,
    en: { port_max: ['Proxies use ports outside this range: keep them inside it.'] },
    ru: { port_max: ['Прокси используют порты вне этого диапазона: оставьте их внутри.'] },
  },
  portsTooFew: {
    refusal: FARM_REFUSALS.portsTooFew({ proxies: 30, ports: 60 }),
    status: 400,
    en: { port_max: ["The host's modems carry up to 30 proxies, two ports each: the range needs at least 60 ports."] },
    ru: {
      port_max: ['Модемы хоста вмещают прокси: 30, по два порта на каждый. Портов в диапазоне нужно не меньше 60.'],
    },
  },
  hostHasModems: {
    refusal: FARM_REFUSALS.hostHasModems(),
    status: 400,
    en: { non_field_errors: ['This host still has modems: move or delete them first.'] },
    ru: { non_field_errors: ['У хоста ещё есть модемы: сначала перенесите или удалите их.'] },
  },
  modemHasProxies: {
    refusal: FARM_REFUSALS.modemHasProxies(),
    status: 400,
    en: { non_field_errors: ['Proxies use this modem: it can be put in maintenance, not deleted or moved.'] },
    ru: {
      non_field_errors: ['Модем используют прокси: его можно перевести на обслуживание, но не удалить и не перенести.'],
    },
  },
  noFreePorts: {
    refusal: FARM_REFUSALS.noFreePorts(),
    status: 409,
    en: { detail: 'This farm host has no free ports left: widen its port range.' },
    ru: { detail: 'У этого хоста не осталось свободных портов: расширьте диапазон.' },
  },
  modemBusy: {
    refusal: FARM_REFUSALS.modemBusy(),
    status: 409,
    en: { detail: 'The modem is not online: it cannot change its IP now.' },
    ru: { detail: 'Модем не в сети: сменить IP сейчас нельзя.' },
  },
  loginTaken: {
    refusal: FARM_REFUSALS.loginTaken(),
    status: 400,
    en: { login: ['This login is taken: choose another one.'] },
    ru: { login: ['Этот логин уже занят: выберите другой.'] },
  },
  modemRestarting: {
    refusal: FARM_REFUSALS.modemRestarting(),
    status: 409,
    en: { detail: 'The modem is already changing its IP or rebooting. Try again in a minute.' },
    ru: { detail: 'Модем уже меняет IP или перезагружается. Попробуйте через минуту.' },
  },
  rotationFinished: {
    refusal: FARM_REFUSALS.rotationFinished(),
    status: 409,
    en: { detail: 'This rotation is already finished.' },
    ru: { detail: 'Эта смена IP уже завершена.' },
  },
  checkFinished: {
    refusal: FARM_REFUSALS.checkFinished(),
    status: 409,
    en: { detail: 'This check is already finished.' },
    ru: { detail: 'Эта проверка уже завершена.' },
  },
  checkInactive: {
    refusal: FARM_REFUSALS.checkInactive(),
    status: 403,
    en: { detail: 'This proxy is not active: renew it to check it.' },
    ru: { detail: 'Этот прокси не активен: продлите его, чтобы проверить.' },
  },
  checkTimeout: {
    refusal: FARM_REFUSALS.checkTimeout(),
    status: 504,
    en: { detail: 'The farm has not answered the check yet. Try again in a minute.' },
    ru: { detail: 'Ферма ещё не ответила на проверку. Попробуйте через минуту.' },
  },
  agentTokenInvalid: {
    refusal: FARM_REFUSALS.agentTokenInvalid(),
    status: 401,
    en: { detail: 'Invalid token.' },
    ru: { detail: 'Недопустимый токен.' },
    headers: { 'www-authenticate': 'Bearer' },
  },
});
