/**
 * The contract's named checks, worded: a schema of the contract names the rule a value broke
 * (`v.check(..., 'percent_range')`, `v.regex(..., 'country')`) and `parseBody` (drf-errors.ts) answers it with the
 * text under the camel-cased name. The schemas are the contract's, and several domains share a check (a country is
 * typed for a modem, a plan and an order; a promo code in the panel and at checkout), so their words live beside the
 * validator that reports them rather than in one domain. A name missing here reads "Invalid input.".
 */
import { MIN_IPV4_PREFIX, MIN_IPV6_PREFIX } from '@proxy/contract/ip-ranges';
import type { Text } from './messages.ts';

export const CHECK_MESSAGES = {
  // Worded as the panel's form words it before sending.
  invalidSlug: {
    en: 'Only lower-case Latin letters, digits and single hyphens between them (like price-list).',
    ru: 'Только латинские буквы в нижнем регистре, цифры и дефисы между ними (например, price-list).',
  },
  percentRange: { en: 'A percentage is from 1 to 100.', ru: 'Процент — от 1 до 100.' },
  dateOrder: { en: 'The end date is before the start date.', ru: 'Дата окончания раньше даты начала.' },
  twoDecimals: { en: 'At most two decimal places.', ru: 'Не больше двух знаков после запятой.' },
  urlScheme: { en: 'Enter an http(s) address.', ru: 'Введите адрес http(s).' },
  host: { en: 'Enter a host name or an IP address.', ru: 'Введите имя хоста или IP-адрес.' },
  portOrder: { en: 'The last port must be above the first.', ru: 'Последний порт должен быть больше первого.' },
  modemKey: {
    en: 'Letters, digits and . _ : - only, starting with a letter or a digit (at most 64).',
    ru: 'Только латинские буквы, цифры и . _ : -, в начале буква или цифра (не больше 64).',
  },
  country: {
    en: 'A two-letter country code (ISO 3166), e.g. RU.',
    ru: 'Двухбуквенный код страны (ISO 3166), например RU.',
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
  // A proxy login its owner picks (shared/src/schemas/proxies.ts CUSTOMER_LOGIN), worded as the proxy page words it.
  proxyLogin: {
    en: 'A login is 4 to 32 Latin letters and digits, starting with a letter (like shop2024).',
    ru: 'Логин — от 4 до 32 латинских букв и цифр, в начале буква (например, shop2024).',
  },
  promoCode: {
    en: 'A promo code is 3 to 32 Latin letters, digits, _ and -.',
    ru: 'Промокод — от 3 до 32 латинских букв, цифр, _ и -.',
  },
  notZero: { en: 'Must not be zero.', ru: 'Значение не может быть нулевым.' },
  telegramToken: {
    en: 'Enter the token as @BotFather gave it: digits, a colon, then the secret.',
    ru: 'Введите токен так, как его выдал @BotFather: цифры, двоеточие, затем секрет.',
  },
} as const satisfies Record<string, Text>;
