/**
 * The API's own messages in both languages. Texts follow Django REST framework and its Russian translation, because
 * the site's client was written against a DRF backend and shows these strings as they come (auth-api-contract.md).
 */
import { MIN_IPV4_PREFIX, MIN_IPV6_PREFIX } from '@proxy/contract/ip-ranges';
import type { Language } from '@proxy/contract/languages';

type Message = Readonly<Record<Language, string>>;

export const MESSAGES = {
  notFound: { en: 'Not found.', ru: 'Страница не найдена.' },
  invalidPage: { en: 'Invalid page.', ru: 'Неправильная страница.' },
  serverError: { en: 'A server error occurred.', ru: 'Произошла ошибка сервера.' },
  serviceUnavailable: {
    en: 'Service temporarily unavailable, try again later.',
    ru: 'Сервис временно недоступен, попробуйте позже.',
  },
  bodyTooLarge: { en: 'Request body is too large.', ru: 'Слишком большой размер запроса.' },
  required: { en: 'This field is required.', ru: 'Обязательное поле.' },
  blank: { en: 'This field may not be blank.', ru: 'Это поле не может быть пустым.' },
  invalid: { en: 'Invalid input.', ru: 'Неправильное значение.' },
  notAString: { en: 'Not a valid string.', ru: 'Неправильная строка.' },
  notAnInteger: { en: 'A valid integer is required.', ru: 'Требуется целое число.' },
  invalidDate: {
    en: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
    ru: 'Неправильный формат date. Используйте один из этих форматов: YYYY-MM-DD.',
  },
  notANumber: { en: 'A valid number is required.', ru: 'Требуется численное значение.' },
  notABoolean: { en: 'Must be a valid boolean.', ru: 'Требуется логическое значение.' },
  notAList: { en: 'Expected a list of items.', ru: 'Ожидался список элементов.' },
  notAnObject: { en: 'Invalid data. Expected a dictionary.', ru: 'Недопустимые данные. Ожидался словарь.' },
  invalidEmail: { en: 'Enter a valid email address.', ru: 'Введите правильный адрес электронной почты.' },
  mayNotBeNull: { en: 'This field may not be null.', ru: 'Это поле не может быть null.' },
  // DRF's Russian catalogue leaves these two untranslated.
  nullCharacters: { en: 'Null characters are not allowed.', ru: 'Null characters are not allowed.' },
  surrogateCharacters: { en: 'Surrogate characters are not allowed.', ru: 'Surrogate characters are not allowed.' },
  permissionDenied: {
    en: 'You do not have permission to perform this action.',
    ru: 'У вас нет прав для выполнения этой операции.',
  },

  // Authentication (DRF TokenAuthentication): 401 with `WWW-Authenticate: Token`.
  notAuthenticated: {
    en: 'Authentication credentials were not provided.',
    ru: 'Учетные данные не были предоставлены.',
  },
  invalidToken: { en: 'Invalid token.', ru: 'Недопустимый токен.' },
  tokenHeaderNoCredentials: {
    en: 'Invalid token header. No credentials provided.',
    ru: 'Недопустимый заголовок токена. Не предоставлены учетные данные.',
  },
  tokenHeaderSpaces: {
    en: 'Invalid token header. Token string should not contain spaces.',
    ru: 'Недопустимый заголовок токена. Токен не должен содержать пробелов.',
  },
  tokenHeaderInvalidCharacters: {
    en: 'Invalid token header. Token string should not contain invalid characters.',
    ru: 'Недопустимый заголовок токена. Токен не должен содержать недопустимые символы.',
  },
  userInactive: { en: 'User inactive or deleted.', ru: 'Пользователь неактивен или удален.' },

  // dj-rest-auth and allauth views (auth-api-contract.md).
  verificationSent: { en: 'Verification e-mail sent.', ru: 'Письмо с подтверждением выслано.' },
  // Cyrillic о+к in Russian: the client compares with exactly this.
  ok: { en: 'ok', ru: 'ок' },
  emailTaken: {
    en: 'A user is already registered with this e-mail address.',
    ru: 'Пользователь с таким e-mail адресом уже зарегистрирован.',
  },
  registrationPasswordMismatch: { en: "The two password fields didn't match.", ru: 'Пароли не совпадают.' },
  mustIncludeEmailAndPassword: {
    en: 'Must include "email" and "password".',
    ru: 'Должно включать "email" и "password".',
  },
  unableToLogIn: {
    en: 'Unable to log in with provided credentials.',
    ru: 'Невозможно войти в систему с указанными учётными данными.',
  },
  emailNotVerified: { en: 'E-mail is not verified.', ru: 'E-mail не подтверждён.' },
  loggedOut: { en: 'Successfully logged out.', ru: 'Успешно вышли.' },
  passwordResetSent: {
    en: 'Password reset e-mail has been sent.',
    ru: 'Письмо с инструкциями по восстановлению пароля выслано.',
  },
  passwordResetDone: {
    en: 'Password has been reset with the new password.',
    ru: 'Пароль изменён на новый.',
  },
  // English in Russian too: the client shows its own "link expired" text when it sees a `token` error.
  invalidValue: { en: 'Invalid value', ru: 'Invalid value' },
  // U+2019 in the English text (Django's SetPasswordForm), unlike the registration message above.
  resetPasswordMismatch: { en: 'The two password fields didn’t match.', ru: 'Введенные пароли не совпадают.' },

  // Django's default password validators.
  passwordTooSimilar: {
    en: 'The password is too similar to the email address.',
    ru: 'Введённый пароль слишком похож на адрес электронной почты.',
  },
  passwordTooShort: {
    en: 'This password is too short. It must contain at least 8 characters.',
    ru: 'Введённый пароль слишком короткий. Он должен содержать как минимум 8 символов.',
  },
  passwordTooCommon: { en: 'This password is too common.', ru: 'Введённый пароль слишком широко распространён.' },
  passwordEntirelyNumeric: {
    en: 'This password is entirely numeric.',
    ru: 'Введённый пароль состоит только из цифр.',
  },

  // The panel's content API.
  slugTaken: { en: 'page with this slug already exists.', ru: 'Страница с таким slug уже существует.' },
  // The contract's `invalid_slug` check, worded as the panel's form words it before sending.
  invalidSlug: {
    en: 'Only lower-case Latin letters, digits and single hyphens between them (like price-list).',
    ru: 'Только латинские буквы в нижнем регистре, цифры и дефисы между ними (например, price-list).',
  },
  slugReserved: {
    en: 'This address belongs to a section of the site; choose another.',
    ru: 'Этот адрес занят разделом сайта, выберите другой.',
  },
  anchorTaken: {
    en: 'A block with this anchor already exists on this page.',
    ru: 'Блок с таким якорем уже есть на этой странице.',
  },
  homeProtected: {
    en: 'The home page cannot be deleted; unpublish its blocks instead.',
    ru: 'Главную страницу нельзя удалить: снимите её блоки с публикации.',
  },
  badReorder: {
    en: 'List every item of the list exactly once.',
    ru: 'Передайте каждый элемент списка ровно один раз.',
  },
  badParent: {
    en: 'The parent must be a top-level item, and an item with children cannot move under another.',
    ru: 'Родителем может быть только пункт верхнего уровня, а пункт с вложенными пунктами нельзя вложить в другой.',
  },
  // Money (the billing domain).
  methodUnavailable: { en: 'This payment method is not available.', ru: 'Этот способ оплаты недоступен.' },
  gatewayUnavailable: {
    en: 'The payment gateway is unavailable, try again in a few minutes.',
    ru: 'Платёжный шлюз недоступен, попробуйте через несколько минут.',
  },
  idempotencyMismatch: {
    en: 'This Idempotency-Key was already used for another request.',
    ru: 'Этот Idempotency-Key уже использован для другого запроса.',
  },
  badIdempotencyKey: {
    en: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    ru: 'Заголовок Idempotency-Key должен содержать от 1 до 255 видимых символов.',
  },
  invoiceSettled: { en: 'This invoice is already settled.', ru: 'Этот счёт уже закрыт.' },
  invoiceNotPending: {
    en: 'Only an invoice awaiting payment can be changed.',
    ru: 'Изменить можно только счёт, ожидающий оплаты.',
  },
  insufficientFunds: { en: 'Not enough money on the balance.', ru: 'Недостаточно средств на балансе.' },
  methodHasInvoices: {
    en: 'This payment method has invoices: switch it off instead of deleting it.',
    ru: 'По этому способу оплаты есть счета: выключите его вместо удаления.',
  },
  promoHasUses: {
    en: 'This promo code has been used: switch it off instead of deleting it.',
    ru: 'Этот промокод уже использовали: выключите его вместо удаления.',
  },
  methodCodeTaken: {
    en: 'payment method with this code already exists.',
    ru: 'Способ оплаты с таким кодом уже существует.',
  },
  promoCodeTaken: { en: 'promo code with this code already exists.', ru: 'Промокод с таким кодом уже существует.' },
  invalidSignature: { en: 'Invalid signature.', ru: 'Неверная подпись.' },
  percentRange: { en: 'A percentage is from 1 to 100.', ru: 'Процент — от 1 до 100.' },
  dateOrder: { en: 'The end date is before the start date.', ru: 'Дата окончания раньше даты начала.' },
  twoDecimals: { en: 'At most two decimal places.', ru: 'Не больше двух знаков после запятой.' },
  urlScheme: { en: 'Enter an http(s) address.', ru: 'Введите адрес http(s).' },

  // The site's own description (the document's description and sharing cards) where no page supplies one: the page
  // list, and the home page when none is published.
  siteDescription: {
    en: 'Real SIM cards in dedicated modems: one modem, one customer. Change the IP with a link, connect over HTTP or SOCKS5, pay with crypto or a card.',
    ru: 'Настоящие SIM-карты в отдельных модемах: один модем — один клиент. Смена IP по ссылке, подключение по HTTP и SOCKS5, оплата криптовалютой или картой.',
  },
  rotationFinished: { en: 'This rotation is already finished.', ru: 'Эта смена IP уже завершена.' },
  host: { en: 'Enter a host name or an IP address.', ru: 'Введите имя хоста или IP-адрес.' },
  portOrder: { en: 'The last port must be above the first.', ru: 'Последний порт должен быть больше первого.' },
  portsInUse: {
    en: 'Proxies use ports outside this range: keep them inside it.',
    ru: 'Прокси используют порты вне этого диапазона: оставьте их внутри.',
  },
  modemKey: {
    en: 'Letters, digits and . _ : - only, starting with a letter or a digit (at most 64).',
    ru: 'Только латинские буквы, цифры и . _ : -, в начале буква или цифра (не больше 64).',
  },
  country: {
    en: 'A two-letter country code (ISO 3166), e.g. RU.',
    ru: 'Двухбуквенный код страны (ISO 3166), например RU.',
  },
  // DRF's PrimaryKeyRelatedField wording for an id that is not there.
  doesNotExist: {
    en: 'Invalid pk - object does not exist.',
    ru: 'Недопустимый первичный ключ - объект не существует.',
  },
  hostNameTaken: { en: 'A farm host with this name already exists.', ru: 'Хост с таким названием уже есть.' },
  modemKeyTaken: {
    en: 'This host already has a modem with this key.',
    ru: 'У этого хоста уже есть модем с таким ключом.',
  },
  hostHasModems: {
    en: 'This host still has modems: move or delete them first.',
    ru: 'У хоста ещё есть модемы: сначала перенесите или удалите их.',
  },
  modemHasProxies: {
    en: 'Proxies use this modem: it can be put in maintenance, not deleted or moved.',
    ru: 'Модем используют прокси: его можно перевести на обслуживание, но не удалить и не перенести.',
  },
  modemBusy: {
    en: 'The modem is not online: it cannot change its IP now.',
    ru: 'Модем не в сети: сменить IP сейчас нельзя.',
  },

  // Ordering and the customer's proxies (the orders domain).
  idempotencyKeyRequired: {
    en: 'Send an Idempotency-Key header (1 to 255 visible characters) so that a retry never pays twice.',
    ru: 'Передайте заголовок Idempotency-Key (от 1 до 255 видимых символов), чтобы повтор запроса не списал деньги дважды.',
  },
  ipOrCidr: {
    en: 'Enter an IP address or a network (CIDR), e.g. 203.0.113.7 or 203.0.113.0/24.',
    ru: 'Введите IP-адрес или сеть (CIDR), например 203.0.113.7 или 203.0.113.0/24.',
  },
  // The whitelist rule (shared/src/ip-ranges.ts): a wider range or a non-public address would open the proxy to all.
  ipRangeTooWide: {
    en: `This network is too wide: enter one address or a network no wider than /${MIN_IPV4_PREFIX} for IPv4 or /${MIN_IPV6_PREFIX} for IPv6.`,
    ru: `Слишком широкая сеть: укажите один адрес или сеть не шире /${MIN_IPV4_PREFIX} для IPv4 или /${MIN_IPV6_PREFIX} для IPv6.`,
  },
  ipRangeReserved: {
    en: 'Only public addresses can be whitelisted: this one is loopback, private, link-local, multicast, broadcast or reserved.',
    ru: 'В белый список добавляются только публичные адреса, а этот — локальный, частный, групповой, широковещательный или зарезервированный.',
  },
  promoCode: {
    en: 'A promo code is 3 to 32 Latin letters, digits, _ and -.',
    ru: 'Промокод — от 3 до 32 латинских букв, цифр, _ и -.',
  },
  periodNotPriced: {
    en: 'There is no price for this period: choose another one.',
    ru: 'Для этого срока нет цены: выберите другой.',
  },
  promoUnknown: { en: 'There is no such promo code.', ru: 'Такого промокода нет.' },
  promoInactive: { en: 'This promo code is switched off.', ru: 'Этот промокод отключён.' },
  promoNotYet: { en: 'This promo code is not valid yet.', ru: 'Этот промокод ещё не действует.' },
  promoExpired: { en: 'This promo code has expired.', ru: 'Срок действия этого промокода истёк.' },
  promoUsedUp: { en: 'This promo code has been used up.', ru: 'Этот промокод закончился.' },
  promoUsed: { en: 'You have already used this promo code.', ru: 'Вы уже использовали этот промокод.' },
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
  // People (the panel's Users section, the user's own page).
  oldPasswordWrong: {
    en: 'Your old password was entered incorrectly. Please enter it again.',
    ru: 'Ваш старый пароль введен неправильно. Пожалуйста, введите его снова.',
  },
  passwordChanged: { en: 'New password has been saved.', ru: 'Новый пароль сохранён.' },
  passwordWrong: { en: 'The password is not correct.', ru: 'Неверный пароль.' },
  emailUnchanged: { en: 'This is already your address.', ru: 'Это и есть ваш текущий адрес.' },
  emailChangeSent: {
    en: 'A confirmation link has been sent to the new address.',
    ru: 'Ссылка для подтверждения отправлена на новый адрес.',
  },
  notZero: { en: 'Must not be zero.', ru: 'Значение не может быть нулевым.' },
  ownSuperuser: {
    en: 'You cannot take away your own superuser status.',
    ru: 'Нельзя снять статус суперпользователя с самого себя.',
  },
  ownBlock: { en: 'You cannot block yourself.', ru: 'Нельзя заблокировать самого себя.' },
  balanceWouldBeNegative: {
    en: 'The balance cannot go below zero.',
    ru: 'Баланс не может стать отрицательным.',
  },
} as const satisfies Record<string, Message>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, language: Language): string {
  return MESSAGES[key][language];
}

/** DRF's MethodNotAllowed text; the method is quoted as the client sent it. */
export function methodNotAllowed(method: string, language: Language): string {
  return language === 'ru' ? `Метод "${method}" не разрешен.` : `Method "${method}" not allowed.`;
}

/** DRF's UnsupportedMediaType text. */
export function unsupportedMediaType(mediaType: string, language: Language): string {
  return language === 'ru'
    ? `Неподдерживаемый тип данных "${mediaType}" в запросе.`
    : `Unsupported media type "${mediaType}" in request.`;
}

export function maxLength(limit: number, language: Language): string {
  return language === 'ru'
    ? `Убедитесь, что это значение содержит не более ${limit} символов.`
    : `Ensure this field has no more than ${limit} characters.`;
}

export function minLength(limit: number, language: Language): string {
  return language === 'ru'
    ? `Убедитесь, что это значение содержит не менее ${limit} символов.`
    : `Ensure this field has at least ${limit} characters.`;
}

export function maxValue(limit: number, language: Language): string {
  return language === 'ru'
    ? `Убедитесь, что это значение меньше либо равно ${limit}.`
    : `Ensure this value is less than or equal to ${limit}.`;
}

/** The smallest top-up of a method, in the request's language ("at least 500 ₽"). */
export function belowMinAmount(formatted: string, language: Language): string {
  return language === 'ru'
    ? `Минимальная сумма пополнения этим способом — ${formatted}.`
    : `The smallest top-up with this method is ${formatted}.`;
}

export function minValue(limit: number, language: Language): string {
  return language === 'ru'
    ? `Убедитесь, что это значение больше либо равно ${limit}.`
    : `Ensure this value is greater than or equal to ${limit}.`;
}

export function invalidChoice(value: unknown, language: Language): string {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return language === 'ru' ? `Значения ${shown} нет среди допустимых вариантов.` : `"${shown}" is not a valid choice.`;
}

/** An order for more modems than the place has free now. */
export function outOfStock(free: number, language: Language): string {
  if (language === 'en') {
    return free === 0
      ? 'No modems of this operator are free here now.'
      : `Only ${free} ${free === 1 ? 'modem is' : 'modems are'} free here now: order at most ${free}.`;
  }
  return free === 0
    ? 'Свободных модемов этого оператора здесь сейчас нет.'
    : `Сейчас здесь свободно модемов: ${free}. Закажите не больше ${free}.`;
}

/** DRF's Throttled text: the Russian catalogue translates only the first sentence. */
export function throttled(waitSeconds: number, language: Language): string {
  const first = language === 'ru' ? 'Запрос был проигнорирован.' : 'Request was throttled.';
  return `${first} Expected available in ${waitSeconds} ${waitSeconds === 1 ? 'second' : 'seconds'}.`;
}

/** DRF Serializer's answer to a body that is not an object, with Python's name of what it got. */
export function expectedDictionary(value: unknown, language: Language): string {
  const datatype =
    value === null
      ? 'NoneType'
      : Array.isArray(value)
        ? 'list'
        : typeof value === 'string'
          ? 'str'
          : typeof value === 'boolean'
            ? 'bool'
            : typeof value === 'number'
              ? Number.isInteger(value)
                ? 'int'
                : 'float'
              : typeof value;
  return language === 'ru'
    ? `Недопустимые данные. Ожидался dictionary, но был получен ${datatype}.`
    : `Invalid data. Expected a dictionary, but got ${datatype}.`;
}
