/**
 * The API's generic messages in both languages: DRF's own texts (validation, not found, permissions, throttling,
 * the token header) and the few any route may give (a reorder, an Idempotency-Key). Texts follow Django REST
 * framework and its Russian translation, because the site's client was written against a DRF backend and shows these
 * strings as they come (docs/auth-api-contract.md). A domain's own messages live in its folder
 * (`domains/<domain>/messages.ts`); the contract's named checks in `check-messages.ts`.
 */
import type { Language } from '@proxy/contract/languages';

/** A message in every language. */
export type Text = Readonly<Record<Language, string>>;

/** A message with numbers or names in it: the text in every language, from its parameters. */
export type Template<P> = (params: P) => Text;

/**
 * A domain's messages (`domains/<domain>/messages.ts`): plain texts and templates, looked up by a typed key
 * (`BILLING_MESSAGES.invoiceSettled[language]`), so a wrong key does not compile.
 */
export type Messages = Readonly<Record<string, Text | Template<never>>>;

export const MESSAGES = {
  notFound: { en: 'Not found.', ru: 'Страница не найдена.' },
  invalidPage: { en: 'Invalid page.', ru: 'Неправильная страница.' },
  serverError: { en: 'A server error occurred.', ru: 'Произошла ошибка сервера.' },
  serviceUnavailable: {
    en: 'Service temporarily unavailable, try again later.',
    ru: 'Сервис временно недоступен, попробуйте позже.',
  },
  bodyTooLarge: { en: 'Request body is too large.', ru: 'Слишком большой размер запроса.' },
  // DRF's ParseError: a body that cannot be read as its Content-Type says (multipart cut short, a bad boundary).
  malformed: { en: 'Malformed request.', ru: 'Искаженный запрос.' },
  /** The customer API's message for a 400 whose details are per field (`lib/api-error.ts`). */
  invalidRequest: { en: 'The request is not valid: see the fields.', ru: 'Запрос неверен: см. поля.' },
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

  // DRF's PrimaryKeyRelatedField wording for an id that is not there.
  doesNotExist: {
    en: 'Invalid pk - object does not exist.',
    ru: 'Недопустимый первичный ключ - объект не существует.',
  },
  // The panel's reorder calls (lib/panel.ts).
  badReorder: {
    en: 'List every item of the list exactly once.',
    ru: 'Передайте каждый элемент списка ровно один раз.',
  },
  // The Idempotency-Key of a paying request (lib/idempotency.ts).
  idempotencyMismatch: {
    en: 'This Idempotency-Key was already used for another request.',
    ru: 'Этот Idempotency-Key уже использован для другого запроса.',
  },
  badIdempotencyKey: {
    en: 'The Idempotency-Key header must be 1 to 255 visible characters.',
    ru: 'Заголовок Idempotency-Key должен содержать от 1 до 255 видимых символов.',
  },
  idempotencyKeyRequired: {
    en: 'Send an Idempotency-Key header (1 to 255 visible characters) so that a retry never pays twice.',
    ru: 'Передайте заголовок Idempotency-Key (от 1 до 255 видимых символов), чтобы повтор запроса не списал деньги дважды.',
  },
} as const satisfies Record<string, Text>;

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

export function minValue(limit: number, language: Language): string {
  return language === 'ru'
    ? `Убедитесь, что это значение больше либо равно ${limit}.`
    : `Ensure this value is greater than or equal to ${limit}.`;
}

export function invalidChoice(value: unknown, language: Language): string {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return language === 'ru' ? `Значения ${shown} нет среди допустимых вариантов.` : `"${shown}" is not a valid choice.`;
}

/** DRF's Throttled text: the Russian catalogue translates only the first sentence. */
export function throttled(waitSeconds: number, language: Language): string {
  const first = language === 'ru' ? 'Запрос был проигнорирован.' : 'Request was throttled.';
  return `${first} Expected available in ${waitSeconds} ${waitSeconds === 1 ? 'second' : 'seconds'}.`;
}

const RUSSIAN_SECONDS: Readonly<Record<string, string>> = { one: 'секунду', few: 'секунды', many: 'секунд' };

/**
 * The customer API's 429 (`/api/v1/`, lib/api-error.ts): `throttled` in English, and all of it in Russian. The site's
 * own client gets DRF's half-translated text as DRF sends it (docs/auth-api-contract.md); a script asking for Russian gets
 * Russian.
 */
export function rateLimited(waitSeconds: number, language: Language): string {
  if (language === 'en') return throttled(waitSeconds, 'en');
  const seconds = RUSSIAN_SECONDS[new Intl.PluralRules('ru').select(waitSeconds)] ?? 'секунды';
  return `Слишком много запросов. Повторите через ${waitSeconds} ${seconds}.`;
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
