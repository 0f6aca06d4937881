/**
 * The demo home page of a fresh install: every block type, in Russian and English, written as a real mobile-proxy
 * service would write it, and the plans of its price table. Images are named by their demo illustration
 * (server/data/demo-images/); the seed stores each one through the images module and puts its reference in place.
 */
import type { BlockData, BlockType } from '@proxy/contract/schemas/blocks';
import type { Currency } from '@proxy/contract/money';

/** A demo illustration by file name, replaced by the stored image's reference when seeding. */
export interface DemoImage {
  readonly demo: string;
  readonly alt: string;
}

/** Block data as written here: like the stored data, but with demo illustrations where images go. */
type Seeded<T> = T extends { id: number; width: number; height: number; alt: string }
  ? DemoImage
  : T extends readonly (infer U)[]
    ? readonly Seeded<U>[]
    : T extends object
      ? { readonly [K in keyof T]: Seeded<T[K]> }
      : T;

export interface SeedBlock<T extends BlockType = BlockType> {
  readonly type: T;
  readonly anchor: string | null;
  readonly ru: Seeded<BlockData<T>>;
  readonly en: Seeded<BlockData<T>>;
}

const block = <T extends BlockType>(
  type: T,
  anchor: string | null,
  ru: Seeded<BlockData<T>>,
  en: Seeded<BlockData<T>>,
) => ({ type, anchor, ru, en }) as SeedBlock;

export const SEED_HOME_PAGE = {
  slug: 'index',
  ru: {
    title: 'Мобильные прокси 4G/LTE',
    seoTitle: 'Приватные мобильные прокси 4G/LTE с заменой IP',
    seoDescription:
      'Личные мобильные прокси на реальных SIM-картах: один модем — один клиент, смена IP по ссылке, HTTP и SOCKS5, оплата криптовалютой.',
  },
  en: {
    title: 'Mobile 4G/LTE proxies',
    seoTitle: 'Private 4G/LTE mobile proxies with IP rotation',
    seoDescription:
      'Private mobile proxies on real SIM cards: one modem per customer, IP rotation by link, HTTP and SOCKS5, pay with crypto.',
  },
} as const;

export const SEED_HOME_BLOCKS: readonly SeedBlock[] = [
  block(
    'hero',
    null,
    {
      title: 'Приватные мобильные прокси 4G/LTE',
      lead: 'Реальные SIM-карты в реальных модемах: один модем — один клиент. Меняйте IP по ссылке, подключайтесь по HTTP или SOCKS5, платите криптовалютой.',
      image: { demo: 'hero.svg', alt: 'Смартфон с переключением мобильного IP-адреса' },
      actions: [
        { label: 'Выбрать тариф', link: '#prices' },
        { label: 'Как это работает', link: '#steps' },
      ],
    },
    {
      title: 'Private 4G/LTE mobile proxies',
      lead: 'Real SIM cards in real modems: one modem, one customer. Rotate the IP with a link, connect over HTTP or SOCKS5, pay with crypto.',
      image: { demo: 'hero.svg', alt: 'A smartphone switching its mobile IP address' },
      actions: [
        { label: 'See the plans', link: '#prices' },
        { label: 'How it works', link: '#steps' },
      ],
    },
  ),
  block(
    'features',
    'features',
    {
      title: 'Почему выбирают нас',
      lead: 'Мобильный IP делят тысячи реальных абонентов оператора, поэтому сайты доверяют ему больше, чем серверным адресам.',
      items: [
        {
          icon: 'sim',
          title: 'Модем только ваш',
          text: 'Канал никто не делит с вами: скорость и репутация IP принадлежат только вам.',
        },
        {
          icon: 'rotate',
          title: 'Новый IP за секунды',
          text: 'Смена IP по секретной ссылке, по таймеру от 2 минут или через API.',
        },
        {
          icon: 'globe',
          title: 'HTTP и SOCKS5',
          text: 'Оба протокола на каждом прокси, доступ по логину и паролю или по белому списку IP.',
        },
        {
          icon: 'speed',
          title: 'Безлимитный трафик',
          text: 'Платите за время, а не за гигабайты: до 50 Мбит/с на реальной сети 4G/LTE.',
        },
        {
          icon: 'shield',
          title: 'Чистые адреса',
          text: 'Модемы стоят в домашних сетях операторов — никаких серверных подсетей и чёрных списков.',
        },
        {
          icon: 'support',
          title: 'Поддержка каждый день',
          text: 'Инженеры отвечают по e-mail и в Telegram с 9:00 до 23:00 по Москве, на русском и английском.',
        },
      ],
    },
    {
      title: 'Why customers choose us',
      lead: 'A mobile IP is shared by thousands of real subscribers of the carrier, so websites trust it more than any data-centre address.',
      items: [
        {
          icon: 'sim',
          title: 'A modem of your own',
          text: 'Nobody else shares your channel: its speed and the IP reputation are yours alone.',
        },
        {
          icon: 'rotate',
          title: 'A new IP in seconds',
          text: 'Rotate the IP with a secret link, on a timer from 2 minutes, or through the API.',
        },
        {
          icon: 'globe',
          title: 'HTTP and SOCKS5',
          text: 'Both protocols on every proxy, with a login and password or an IP whitelist.',
        },
        {
          icon: 'speed',
          title: 'Unlimited traffic',
          text: 'Pay for time, not for gigabytes: up to 50 Mbit/s on a real 4G/LTE network.',
        },
        {
          icon: 'shield',
          title: 'Clean addresses',
          text: 'Modems sit in the carriers’ home networks: no server subnets, no blacklists.',
        },
        {
          icon: 'support',
          title: 'Support every day',
          text: 'Engineers answer by e-mail and on Telegram from 9:00 to 23:00 Moscow time, in English and Russian.',
        },
      ],
    },
  ),
  block(
    'steps',
    'steps',
    {
      title: 'Как начать за 5 минут',
      lead: 'Без звонков менеджеру и ожидания: всё делается в личном кабинете.',
      items: [
        { title: 'Зарегистрируйтесь', text: 'Нужен только e-mail — подтвердите его по ссылке из письма.' },
        { title: 'Пополните баланс', text: 'Криптовалютой: USDT, BTC, ETH, LTC, TRX или ZEC.' },
        { title: 'Выберите прокси', text: 'Страна, город и оператор, срок аренды и количество модемов.' },
        { title: 'Подключитесь', text: 'Скопируйте хост, порт и пароль в браузер, антидетект или скрипт.' },
      ],
    },
    {
      title: 'Start in 5 minutes',
      lead: 'No calls with a sales manager and no waiting: everything happens in your account.',
      items: [
        { title: 'Sign up', text: 'All it takes is an e-mail address, confirmed with the link we send.' },
        { title: 'Top up your balance', text: 'With crypto: USDT, BTC, ETH, LTC, TRX or ZEC.' },
        {
          title: 'Choose your proxies',
          text: 'Country, city and carrier, the rental period and the number of modems.',
        },
        { title: 'Connect', text: 'Copy the host, port and password into your browser, anti-detect tool or script.' },
      ],
    },
  ),
  block(
    'prices',
    'prices',
    {
      title: 'Тарифы',
      lead: 'Один модем на выбранный срок, трафик без ограничений. Чем дольше срок — тем ниже цена за день.',
      note: 'Цены указаны за один прокси. Продление — в один клик из личного кабинета.',
    },
    {
      title: 'Plans',
      lead: 'One modem for the period you choose, with unlimited traffic. The longer the period, the lower the price per day.',
      note: 'Prices are per proxy. Renew with one click from your account.',
    },
  ),
  block(
    'tabs',
    'product',
    {
      title: 'Всё под рукой в личном кабинете',
      items: [
        {
          label: 'Список IP',
          title: 'Все прокси на одном экране',
          text: '<p>Статус, оператор, текущий IP и срок аренды каждого прокси. Фильтры по стране и оператору, экспорт списка в форматах <code>host:port:login:password</code> и <code>socks5://</code>.</p>',
          image: { demo: 'tab-list.svg', alt: 'Список прокси в личном кабинете' },
        },
        {
          label: 'Смена IP',
          title: 'Новый адрес по ссылке или по таймеру',
          text: '<p>У каждого прокси есть секретная ссылка смены IP — её можно вызывать из скрипта без входа в кабинет. Автосмена — каждые 2–1440 минут, история адресов сохраняется.</p>',
          image: { demo: 'tab-rotate.svg', alt: 'Смена IP-адреса прокси' },
        },
        {
          label: 'Передача',
          title: 'Передайте прокси коллеге',
          text: '<p>Отдайте прокси другому пользователю по e-mail вместе с оставшимся сроком. Пароль и ссылка смены IP при этом обновятся.</p>',
          image: { demo: 'tab-transfer.svg', alt: 'Передача прокси другому пользователю' },
        },
      ],
    },
    {
      title: 'Everything at hand in your account',
      items: [
        {
          label: 'IP list',
          title: 'All proxies on one screen',
          text: '<p>Status, carrier, current IP and rental term of every proxy. Filter by country and carrier, export the list as <code>host:port:login:password</code> or <code>socks5://</code>.</p>',
          image: { demo: 'tab-list.svg', alt: 'The proxy list in the customer account' },
        },
        {
          label: 'IP rotation',
          title: 'A new address by link or on a timer',
          text: '<p>Every proxy has a secret rotation link you can call from a script without signing in. Auto-rotation runs every 2–1440 minutes, and the address history is kept.</p>',
          image: { demo: 'tab-rotate.svg', alt: 'Rotating the proxy’s IP address' },
        },
        {
          label: 'Transfer',
          title: 'Hand a proxy to a colleague',
          text: '<p>Give a proxy to another user by e-mail together with its remaining term. Its password and rotation link are renewed on the way.</p>',
          image: { demo: 'tab-transfer.svg', alt: 'Transferring a proxy to another user' },
        },
      ],
    },
  ),
  block(
    'video',
    'video',
    {
      title: 'Подключение за две минуты',
      lead: 'Короткое видео: как купить прокси, скопировать данные для подключения и сменить IP.',
      src: '/media/demo/connect.mp4',
      poster: { demo: 'video-poster.svg', alt: 'Кадр из видео о подключении прокси' },
    },
    {
      title: 'Connected in two minutes',
      lead: 'A short video: buying a proxy, copying the connection details and rotating the IP.',
      src: '/media/demo/connect.mp4',
      poster: { demo: 'video-poster.svg', alt: 'A frame of the video on connecting a proxy' },
    },
  ),
  block(
    'faq',
    'faq',
    {
      title: 'Вопросы и ответы',
      items: [
        {
          question: 'Чем мобильный прокси лучше серверного?',
          answer:
            '<p>Мобильный IP одновременно используют тысячи абонентов оператора, поэтому сайты почти никогда его не блокируют: заблокировать такой адрес — значит отрезать реальных людей.</p>',
        },
        {
          question: 'Как часто можно менять IP?',
          answer:
            '<p>Не чаще раза в минуту по ссылке или кнопке в кабинете и каждые 2–1440 минут в режиме автосмены. Смена занимает 5–15 секунд.</p>',
        },
        {
          question: 'Есть ли ограничения по трафику?',
          answer: '<p>Нет. Вы платите за срок аренды модема, трафик не тарифицируется.</p>',
        },
        {
          question: 'Какие способы оплаты доступны?',
          answer:
            '<p>Криптовалютой: Bitcoin, Ethereum, Litecoin, TRON, Zcash и USDT в сети TRC-20. В счёте указаны точная сумма и адрес; баланс пополнится, когда мы увидим перевод.</p>',
        },
        {
          question: 'Можно ли протестировать прокси?',
          answer:
            '<p>Да, когда включён бесплатный тест: он появляется на странице заказа. Тест даётся один раз на аккаунт и адрес e-mail, после подтверждения e-mail, на указанный там срок и только в местах, где он предлагается и есть свободные модемы; с одного адреса — ограниченное число раз в день. Если теста сейчас нет, возьмите прокси на сутки — это самый короткий срок.</p>',
        },
        {
          question: 'Что запрещено делать через прокси?',
          answer:
            '<p>Рассылать спам, взламывать и совершать всё, что нарушает закон. Полный список — в <a href="/terms">условиях использования</a>.</p>',
        },
      ],
    },
    {
      title: 'Questions and answers',
      items: [
        {
          question: 'Why is a mobile proxy better than a data-centre one?',
          answer:
            '<p>Thousands of the carrier’s subscribers share a mobile IP at once, so websites almost never block it: blocking such an address would cut off real people.</p>',
        },
        {
          question: 'How often can I change the IP?',
          answer:
            '<p>Up to once a minute with the link or the button in your account, and every 2–1440 minutes with auto-rotation. A rotation takes 5–15 seconds.</p>',
        },
        {
          question: 'Is traffic limited?',
          answer: '<p>No. You pay for the rental period of the modem; traffic is not metered.</p>',
        },
        {
          question: 'How can I pay?',
          answer:
            '<p>With crypto: Bitcoin, Ethereum, Litecoin, TRON, Zcash and USDT on TRC-20. The invoice names the exact amount and the address; your balance is topped up once we see the transfer.</p>',
        },
        {
          question: 'Can I try a proxy first?',
          answer:
            '<p>Yes, when the free trial is on: it appears on the order page. It is given once per account and e-mail address, after you confirm your e-mail, for the time shown there, and only in the places it is offered while modems are free there; one address gets a limited number a day. When there is no trial, rent a proxy for a day, the shortest period.</p>',
        },
        {
          question: 'What must proxies not be used for?',
          answer:
            '<p>Spam, break-ins and anything else against the law. The full list is in the <a href="/en/terms">terms of service</a>.</p>',
        },
      ],
    },
  ),
  block(
    'news',
    'news',
    {
      title: 'Новости',
      items: [
        {
          title: 'Новые модемы в Казани и Екатеринбурге',
          date: '2026-11-10',
          summary: 'Добавили 120 модемов МТС и Билайн: выбирайте город при заказе.',
          link: '/about',
        },
        {
          title: 'Оплата в USDT через сеть TRC-20',
          date: '2026-10-21',
          summary: 'Пополняйте баланс с минимальной комиссией сети Tron.',
        },
        {
          title: 'Приложение для Android 2.4',
          date: '2026-09-30',
          summary: 'Превратите свой смартфон в прокси: быстрее подключение и новый экран статистики.',
        },
      ],
    },
    {
      title: 'News',
      items: [
        {
          title: 'New modems in Kazan and Yekaterinburg',
          date: '2026-11-10',
          summary: '120 MTS and Beeline modems added: pick the city when you order.',
          link: '/about',
        },
        {
          title: 'Pay in USDT over TRC-20',
          date: '2026-10-21',
          summary: 'Top up your balance with the Tron network’s low fees.',
        },
        {
          title: 'Android app 2.4',
          date: '2026-09-30',
          summary: 'Turn your own phone into a proxy: faster connection and a new statistics screen.',
        },
      ],
    },
  ),
  block(
    'richtext',
    'about',
    {
      html: '<h2>Мобильные прокси для работы, а не для галочки</h2><p>Мы держим собственную ферму модемов и отвечаем за каждый из них: следим за сигналом, меняем SIM-карты и обновляем прошивки. Поэтому прокси работают стабильно месяцами, а поддержка знает ответ до того, как вы закончите вопрос.</p><p>Подходит для SMM и арбитража трафика, мониторинга цен и выдачи поисковиков, тестирования мобильных версий сайтов и рекламы.</p>',
    },
    {
      html: '<h2>Mobile proxies built for work</h2><p>We run our own modem farm and look after every modem: watching the signal, swapping SIM cards and updating firmware. That is why the proxies run steadily for months, and support knows the answer before you finish asking.</p><p>Made for social media marketing and traffic arbitrage, price and search-results monitoring, and testing mobile versions of websites and ads.</p>',
    },
  ),
];

export interface SeedPlan {
  readonly priceMinor: number;
  readonly currency: Currency;
  readonly periodDays: number;
  readonly highlighted: boolean;
  readonly ru: { readonly title: string; readonly caption: string; readonly features: readonly string[] };
  readonly en: { readonly title: string; readonly caption: string; readonly features: readonly string[] };
}

export const SEED_PLANS: readonly SeedPlan[] = [
  {
    priceMinor: 35_000,
    currency: 'RUB',
    periodDays: 1,
    highlighted: false,
    ru: {
      title: 'Сутки',
      caption: 'Чтобы попробовать',
      features: ['1 модем на 24 часа', 'Безлимитный трафик', 'Смена IP по ссылке'],
    },
    en: {
      title: 'Day',
      caption: 'To try it out',
      features: ['1 modem for 24 hours', 'Unlimited traffic', 'IP rotation by link'],
    },
  },
  {
    priceMinor: 150_000,
    currency: 'RUB',
    periodDays: 7,
    highlighted: false,
    ru: {
      title: 'Неделя',
      caption: 'Для короткого проекта',
      features: ['1 модем на 7 дней', 'Безлимитный трафик', 'Автосмена IP по таймеру'],
    },
    en: {
      title: 'Week',
      caption: 'For a short project',
      features: ['1 modem for 7 days', 'Unlimited traffic', 'Timed auto-rotation'],
    },
  },
  {
    priceMinor: 390_000,
    currency: 'RUB',
    periodDays: 30,
    highlighted: true,
    ru: {
      title: 'Месяц',
      caption: 'Выбор большинства клиентов',
      features: ['1 модем на 30 дней', 'Безлимитный трафик', 'Автосмена IP и API', 'Приоритетная поддержка'],
    },
    en: {
      title: 'Month',
      caption: 'What most customers pick',
      features: ['1 modem for 30 days', 'Unlimited traffic', 'Auto-rotation and API', 'Priority support'],
    },
  },
  {
    priceMinor: 1_050_000,
    currency: 'RUB',
    periodDays: 90,
    highlighted: false,
    ru: {
      title: '3 месяца',
      caption: 'Самая низкая цена за день',
      features: ['1 модем на 90 дней', 'Безлимитный трафик', 'Автосмена IP и API', 'Приоритетная поддержка'],
    },
    en: {
      title: '3 months',
      caption: 'The lowest price per day',
      features: ['1 modem for 90 days', 'Unlimited traffic', 'Auto-rotation and API', 'Priority support'],
    },
  },
];
