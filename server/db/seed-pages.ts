/**
 * Demo content for a fresh install: the pages a mobile-proxy site needs on day one, in Russian and English, so
 * `npm start` shows a real site. Staff edit or replace them in the panel; the seed never overwrites their edits.
 */
export interface SeedPage {
  readonly slug: string;
  readonly published: boolean;
  readonly menu: 'header' | 'footer' | null;
  readonly sortOrder: number;
  readonly ru: {
    readonly title: string;
    readonly seoTitle: string;
    readonly seoDescription: string;
    readonly body: string;
  };
  readonly en: {
    readonly title: string;
    readonly seoTitle: string;
    readonly seoDescription: string;
    readonly body: string;
  };
}

const html = (parts: readonly string[]): string => parts.join('\n');

export const SEED_PAGES: readonly SeedPage[] = [
  {
    slug: 'about',
    published: true,
    menu: 'header',
    sortOrder: 10,
    ru: {
      title: 'О сервисе',
      seoTitle: 'О сервисе мобильных прокси',
      seoDescription:
        'Частные мобильные 4G/LTE прокси на отдельных модемах: смена IP по ссылке, HTTP и SOCKS5, оплата криптовалютой.',
      body: html([
        '<h2>Мобильные прокси — это просто</h2>',
        '<p>Мы держим собственную ферму 4G/LTE-модемов с SIM-картами крупных операторов. Каждый прокси — это отдельный модем, который работает только на вас: никто другой не делит с вами канал и IP-адрес.</p>',
        '<p>Мобильные IP-адреса используются тысячами абонентов одновременно через NAT оператора, поэтому сайты почти никогда их не блокируют. Это делает мобильные прокси лучшим выбором для работы с соцсетями, маркетплейсами, рекламными кабинетами и парсинга.</p>',
        '<h2>Что вы получаете</h2>',
        '<ul>',
        '<li><strong>Приватный модем.</strong> Прокси закреплён за вами на весь оплаченный срок.</li>',
        '<li><strong>HTTP и SOCKS5.</strong> Оба протокола на одном прокси, авторизация по логину и паролю или по белому списку IP.</li>',
        '<li><strong>Смена IP по ссылке.</strong> Секретная ссылка меняет мобильный IP без входа в личный кабинет — удобно для скриптов. Можно включить автосмену по таймеру от 2 минут.</li>',
        '<li><strong>Безлимитный трафик.</strong> Скорость ограничена только возможностями сети оператора.</li>',
        '<li><strong>Выбор локации.</strong> Страна, город и оператор — при заказе видно, сколько модемов свободно.</li>',
        '</ul>',
        '<h2>Как начать</h2>',
        '<p>Зарегистрируйтесь, пополните баланс криптовалютой и <a href="/order">оформите заказ</a>. Данные для подключения появятся в разделе «Мои IP» сразу после оплаты.</p>',
        '<p>Остались вопросы? Загляните в <a href="/faq">ответы на частые вопросы</a> или <a href="/contacts">напишите нам</a>.</p>',
      ]),
    },
    en: {
      title: 'About us',
      seoTitle: 'About our mobile proxy service',
      seoDescription:
        'Private 4G/LTE mobile proxies on dedicated modems: IP rotation by link, HTTP and SOCKS5, crypto payments.',
      body: html([
        '<h2>Mobile proxies made simple</h2>',
        '<p>We run our own farm of 4G/LTE modems with SIM cards from major carriers. Every proxy is a dedicated modem that works for you alone: nobody else shares your channel or your IP address.</p>',
        '<p>A mobile IP address is shared by thousands of subscribers at once behind the carrier’s NAT, so websites almost never block it. That makes mobile proxies the best choice for social networks, marketplaces, ad accounts and web scraping.</p>',
        '<h2>What you get</h2>',
        '<ul>',
        '<li><strong>A private modem.</strong> The proxy is yours for the whole paid period.</li>',
        '<li><strong>HTTP and SOCKS5.</strong> Both protocols on the same proxy, with login and password or an IP whitelist.</li>',
        '<li><strong>IP rotation by link.</strong> A secret link changes the mobile IP without signing in, which is handy for scripts. Automatic rotation on a timer from 2 minutes is available too.</li>',
        '<li><strong>Unlimited traffic.</strong> Speed is limited only by the carrier’s network.</li>',
        '<li><strong>Your choice of location.</strong> Country, city and carrier, with the number of free modems shown when you order.</li>',
        '</ul>',
        '<h2>Getting started</h2>',
        '<p>Sign up, top up your balance with cryptocurrency and <a href="/en/order">place an order</a>. Connection details appear under “My IPs” right after payment.</p>',
        '<p>Any questions? See the <a href="/en/faq">frequently asked questions</a> or <a href="/en/contacts">contact us</a>.</p>',
      ]),
    },
  },
  {
    slug: 'faq',
    published: true,
    menu: 'header',
    sortOrder: 20,
    ru: {
      title: 'Частые вопросы',
      seoTitle: 'Частые вопросы о мобильных прокси',
      seoDescription:
        'Чем мобильные прокси отличаются от серверных, как работает смена IP по ссылке, какие протоколы поддерживаются.',
      body: html([
        '<h2>Чем мобильный прокси отличается от серверного?</h2>',
        '<p>Серверные прокси используют IP-адреса дата-центров, которые легко распознать и заблокировать целыми подсетями. Мобильный прокси выходит в интернет через SIM-карту оператора связи, и сайт видит обычного абонента мобильной сети.</p>',
        '<h2>Как работает смена IP по ссылке?</h2>',
        '<p>У каждого прокси есть секретная ссылка. Откройте её в браузере или вызовите из скрипта — модем переподключится к сети и получит новый IP-адрес. Менять IP можно не чаще одного раза в 60 секунд. Ссылку можно перевыпустить в карточке прокси, если она стала известна посторонним.</p>',
        '<h2>Какие протоколы поддерживаются?</h2>',
        '<p>HTTP(S) и SOCKS5. Для каждого протокола выделен свой порт; логин и пароль общие.</p>',
        '<h2>Можно ли подключаться без пароля?</h2>',
        '<p>Да. Добавьте до 10 адресов или подсетей (в формате CIDR) в белый список прокси — подключения с них будут приниматься без логина и пароля.</p>',
        '<h2>Делится ли прокси с другими клиентами?</h2>',
        '<p>Нет. Один модем — один клиент. Весь канал и все IP-адреса, которые модем получает, принадлежат только вам на оплаченный срок.</p>',
        '<h2>Как продлить прокси?</h2>',
        '<p>Нажмите «Продлить» в списке IP или включите автопродление: мы спишем оплату с баланса незадолго до окончания срока. Если средств не хватит, прокси будет приостановлен и сохранён за вами ещё 3 дня.</p>',
        '<h2>Можно ли передать прокси другому человеку?</h2>',
        '<p>Да, через раздел «Передачи»: получатель должен быть зарегистрирован. После принятия передачи пароль и ссылка смены IP перевыпускаются.</p>',
        '<h2>Как оплатить?</h2>',
        '<p>Пополните баланс в личном кабинете: мы принимаем Bitcoin, Ethereum, Litecoin, TRON, Zcash и USDT в сети TRC-20. Все покупки оплачиваются с баланса.</p>',
        '<h2>Есть ли бесплатный тест?</h2>',
        '<p>Есть, когда он включён: тогда он появляется на странице заказа. Тест даётся один раз на аккаунт и адрес e-mail, после подтверждения e-mail, на указанный там срок и только в местах, где он предлагается и есть свободные модемы; с одного адреса — ограниченное число раз в день. Пока тестовый прокси не продлён, его нельзя передать или перенести, а по окончании срока он освобождается. Если теста сейчас нет, возьмите прокси на сутки — это самый короткий срок.</p>',
      ]),
    },
    en: {
      title: 'FAQ',
      seoTitle: 'Mobile proxy FAQ',
      seoDescription:
        'How mobile proxies differ from datacenter ones, how IP rotation by link works and which protocols are supported.',
      body: html([
        '<h2>How is a mobile proxy different from a datacenter proxy?</h2>',
        '<p>Datacenter proxies use data-centre IP addresses that are easy to recognise and block by whole subnets. A mobile proxy goes online through a carrier SIM card, so websites see an ordinary mobile subscriber.</p>',
        '<h2>How does IP rotation by link work?</h2>',
        '<p>Every proxy has a secret link. Open it in a browser or call it from a script and the modem reconnects to the network and gets a new IP address. You can change the IP at most once every 60 seconds. If the link leaks, regenerate it on the proxy’s page.</p>',
        '<h2>Which protocols are supported?</h2>',
        '<p>HTTP(S) and SOCKS5. Each protocol has its own port; the login and password are shared.</p>',
        '<h2>Can I connect without a password?</h2>',
        '<p>Yes. Add up to 10 addresses or subnets (CIDR notation) to the proxy’s whitelist and connections from them are accepted without a login and password.</p>',
        '<h2>Is a proxy shared with other customers?</h2>',
        '<p>No. One modem, one customer. The whole channel and every IP address the modem gets are yours for the paid period.</p>',
        '<h2>How do I renew a proxy?</h2>',
        '<p>Press “Renew” in the IP list or turn on auto-renewal: we charge your balance shortly before the period ends. If the balance is too low, the proxy is suspended and kept for you for another 3 days.</p>',
        '<h2>Can I hand a proxy over to someone else?</h2>',
        '<p>Yes, under “Transfers”; the recipient needs an account. Once the transfer is accepted, the password and the rotation link are regenerated.</p>',
        '<h2>How do I pay?</h2>',
        '<p>Top up your balance in your account: we accept Bitcoin, Ethereum, Litecoin, TRON, Zcash and USDT on TRC-20. Every purchase is paid from the balance.</p>',
        '<h2>Is there a free trial?</h2>',
        '<p>There is when it is on: it then appears on the order page. It is given once per account and e-mail address, after you confirm your e-mail, for the time shown there, and only in the places it is offered while modems are free there; one address gets a limited number a day. Until you renew it, a trial proxy cannot be handed over or moved, and it is released when its time ends. When there is no trial, rent a proxy for a day, the shortest period.</p>',
      ]),
    },
  },
  {
    slug: 'contacts',
    published: true,
    menu: 'footer',
    sortOrder: 30,
    ru: {
      title: 'Контакты',
      seoTitle: 'Контакты службы поддержки',
      seoDescription: 'Как связаться со службой поддержки сервиса мобильных прокси: e-mail и Telegram.',
      body: html([
        '<h2>Служба поддержки</h2>',
        '<p>Мы отвечаем ежедневно с 9:00 до 23:00 по московскому времени, обычно в течение часа.</p>',
        '<ul>',
        '<li>E-mail: <a href="mailto:support@example.com">support@example.com</a></li>',
        '<li>Telegram: <a href="https://t.me/example_support">@example_support</a></li>',
        '</ul>',
        '<h2>Что указать в обращении</h2>',
        '<p>Чтобы мы быстрее помогли, укажите e-mail аккаунта, номер прокси из списка IP и опишите, что происходит: с какой программы вы подключаетесь, по какому протоколу и какую ошибку видите.</p>',
        '<h2>Сотрудничество</h2>',
        '<p>По вопросам оптовых заказов, партнёрской программы и размещения модемов пишите на <a href="mailto:partners@example.com">partners@example.com</a>.</p>',
      ]),
    },
    en: {
      title: 'Contacts',
      seoTitle: 'Contact customer support',
      seoDescription: 'How to reach the mobile proxy service support team: e-mail and Telegram.',
      body: html([
        '<h2>Support</h2>',
        '<p>We answer every day from 9:00 to 23:00 Moscow time, usually within an hour.</p>',
        '<ul>',
        '<li>E-mail: <a href="mailto:support@example.com">support@example.com</a></li>',
        '<li>Telegram: <a href="https://t.me/example_support">@example_support</a></li>',
        '</ul>',
        '<h2>What to include</h2>',
        '<p>To help us help you faster, include your account e-mail, the proxy’s number from the IP list and what happens: which software you connect from, over which protocol and what error you see.</p>',
        '<h2>Business enquiries</h2>',
        '<p>For bulk orders, the partner programme and modem hosting, write to <a href="mailto:partners@example.com">partners@example.com</a>.</p>',
      ]),
    },
  },
  {
    slug: 'terms',
    published: true,
    menu: 'footer',
    sortOrder: 40,
    ru: {
      title: 'Пользовательское соглашение',
      seoTitle: 'Пользовательское соглашение',
      seoDescription:
        'Условия предоставления услуг мобильных прокси: оплата, продление, возвраты и допустимое использование.',
      body: html([
        '<h2>1. Общие положения</h2>',
        '<p>Настоящее соглашение регулирует использование сайта и услуг сервиса мобильных прокси (далее — «Сервис»). Регистрируясь или оплачивая услуги, вы подтверждаете, что прочитали соглашение и принимаете его условия. Если вы не согласны с ними, не пользуйтесь Сервисом.</p>',
        '<h2>2. Услуга</h2>',
        '<p>Сервис предоставляет доступ к прокси-серверу, работающему через отдельный 4G/LTE-модем, на оплаченный срок. Доступ возможен по протоколам HTTP(S) и SOCKS5 с авторизацией по логину и паролю или по белому списку IP-адресов. Внешний IP-адрес назначается оператором связи и может меняться по ссылке, по таймеру или по решению оператора.</p>',
        '<p>Скорость и доступность связи зависят от сети оператора в месте размещения модема. Сервис не гарантирует конкретную скорость, конкретный IP-адрес или его «чистоту» для сторонних сайтов.</p>',
        '<h2>3. Аккаунт</h2>',
        '<ul>',
        '<li>Для заказа требуется аккаунт с подтверждённым адресом электронной почты.</li>',
        '<li>Вы отвечаете за сохранность пароля, данных для подключения и ссылки смены IP. Действия, совершённые с их использованием, считаются совершёнными вами.</li>',
        '<li>Заметив несанкционированный доступ, немедленно смените пароль и перевыпустите данные прокси, а также сообщите в поддержку.</li>',
        '</ul>',
        '<h2>4. Оплата и баланс</h2>',
        '<p>Услуги оплачиваются с внутреннего баланса аккаунта. Баланс пополняется криптовалютой; зачисление происходит, когда перевод подтверждён сетью и получен нами. Цены указаны на сайте на момент заказа и не меняются для уже оплаченного срока.</p>',
        '<h2>5. Срок услуги и продление</h2>',
        '<p>Срок отсчитывается с момента выдачи прокси. При включённом автопродлении оплата списывается с баланса незадолго до окончания срока. Если средств недостаточно, прокси приостанавливается и сохраняется за вами 3 дня, после чего модем возвращается в общий пул.</p>',
        '<h2>6. Возвраты</h2>',
        '<p>Если прокси не работал по вине Сервиса более 24 часов подряд, мы продлим срок на время простоя или вернём на баланс стоимость неиспользованных дней. Средства на балансе могут быть возвращены по запросу в поддержку за вычетом комиссии сети за перевод. Возврат за уже использованный срок не производится.</p>',
        '<h2>7. Допустимое использование</h2>',
        '<p>Запрещается использовать Сервис для:</p>',
        '<ul>',
        '<li>рассылки спама, фишинга и распространения вредоносного ПО;</li>',
        '<li>атак на отказ в обслуживании, взлома и подбора паролей;</li>',
        '<li>мошенничества, в том числе с платёжными картами;</li>',
        '<li>любых действий, нарушающих законодательство или права третьих лиц.</li>',
        '</ul>',
        '<p>При нарушении этих правил Сервис вправе приостановить услугу без возврата средств и передать информацию компетентным органам в случаях, предусмотренных законом.</p>',
        '<h2>8. Передача прокси</h2>',
        '<p>Вы можете передать действующий прокси другому зарегистрированному пользователю через раздел «Передачи». После принятия передачи оставшийся срок переходит получателю, пароль и ссылка смены IP перевыпускаются, автопродление отключается.</p>',
        '<h2>9. Персональные данные</h2>',
        '<p>Мы храним только данные, необходимые для оказания услуг: адрес электронной почты, историю платежей и заказов, технические журналы. Мы не записываем содержимое вашего трафика. Данные не передаются третьим лицам, кроме случаев, предусмотренных законом.</p>',
        '<h2>10. Ответственность</h2>',
        '<p>Сервис предоставляется «как есть». Мы не несём ответственности за блокировки аккаунтов на сторонних сайтах, упущенную выгоду и косвенные убытки. Наша совокупная ответственность ограничена суммой, уплаченной за соответствующий прокси за последний оплаченный период.</p>',
        '<h2>11. Изменение условий</h2>',
        '<p>Мы можем изменять соглашение, публикуя новую редакцию на этой странице. О существенных изменениях мы предупреждаем по электронной почте не позднее чем за 7 дней. Продолжая пользоваться Сервисом после вступления изменений в силу, вы принимаете новую редакцию.</p>',
        '<p>Вопросы по соглашению направляйте через <a href="/contacts">страницу контактов</a>.</p>',
      ]),
    },
    en: {
      title: 'Terms of service',
      seoTitle: 'Terms of service',
      seoDescription: 'Terms of the mobile proxy service: payment, renewal, refunds and acceptable use.',
      body: html([
        '<h2>1. General</h2>',
        '<p>These terms govern the use of the website and services of the mobile proxy service (the “Service”). By signing up or paying for the Service you confirm that you have read these terms and accept them. If you do not agree, do not use the Service.</p>',
        '<h2>2. The service</h2>',
        '<p>The Service gives you access, for the paid period, to a proxy server running through a dedicated 4G/LTE modem. Access is over HTTP(S) and SOCKS5, with a login and password or an IP whitelist. The external IP address is assigned by the carrier and may change by link, on a timer or at the carrier’s discretion.</p>',
        '<p>Speed and availability depend on the carrier’s network where the modem is located. The Service does not guarantee a particular speed, a particular IP address or its reputation with third-party websites.</p>',
        '<h2>3. Your account</h2>',
        '<ul>',
        '<li>Ordering requires an account with a verified e-mail address.</li>',
        '<li>You are responsible for keeping your password, connection details and rotation link secret. Actions taken with them are deemed to be yours.</li>',
        '<li>If you notice unauthorised access, change your password, regenerate the proxy credentials at once and tell support.</li>',
        '</ul>',
        '<h2>4. Payment and balance</h2>',
        '<p>Services are paid from your account balance. The balance is topped up with cryptocurrency and is credited once the network has confirmed the transfer and we have received it. Prices are those shown on the site when you order and do not change for a period already paid.</p>',
        '<h2>5. Term and renewal</h2>',
        '<p>The term starts when the proxy is issued. With auto-renewal on, the payment is taken from your balance shortly before the term ends. If the balance is too low, the proxy is suspended and kept for you for 3 days, after which the modem returns to the shared pool.</p>',
        '<h2>6. Refunds</h2>',
        '<p>If a proxy was down through the Service’s fault for more than 24 hours in a row, we extend the term by the downtime or credit the unused days back to your balance. Your balance can be refunded on request to support, less the network’s transfer fee. Time already used is not refunded.</p>',
        '<h2>7. Acceptable use</h2>',
        '<p>You may not use the Service for:</p>',
        '<ul>',
        '<li>sending spam, phishing or distributing malware;</li>',
        '<li>denial-of-service attacks, intrusion or password guessing;</li>',
        '<li>fraud, including payment-card fraud;</li>',
        '<li>anything that breaks the law or infringes the rights of others.</li>',
        '</ul>',
        '<p>If these rules are broken, the Service may suspend the service without a refund and pass information to the authorities where the law requires it.</p>',
        '<h2>8. Transferring a proxy</h2>',
        '<p>You can hand an active proxy to another registered user under “Transfers”. Once the transfer is accepted, the remaining term passes to the recipient, the password and rotation link are regenerated and auto-renewal is switched off.</p>',
        '<h2>9. Personal data</h2>',
        '<p>We keep only the data needed to provide the Service: your e-mail address, payment and order history and technical logs. We do not record the content of your traffic. We do not share data with third parties except where the law requires it.</p>',
        '<h2>10. Liability</h2>',
        '<p>The Service is provided “as is”. We are not liable for accounts blocked by third-party websites, lost profits or indirect damages. Our total liability is limited to the amount paid for the proxy concerned for its last paid period.</p>',
        '<h2>11. Changes to these terms</h2>',
        '<p>We may change these terms by publishing a new version on this page. We announce material changes by e-mail at least 7 days in advance. By using the Service after the changes take effect, you accept the new version.</p>',
        '<p>Send questions about these terms through the <a href="/en/contacts">contacts page</a>.</p>',
      ]),
    },
  },
  {
    // Unpublished on purpose: proves that drafts stay invisible to the public API and the site.
    slug: 'pricing-draft',
    published: false,
    menu: null,
    sortOrder: 50,
    ru: {
      title: 'Тарифы (черновик)',
      seoTitle: 'Тарифы на мобильные прокси',
      seoDescription: 'Черновик страницы тарифов: цены за сутки, неделю и месяц.',
      body: html([
        '<h2>Тарифы</h2>',
        '<p>Черновик: цены за 1, 7 и 30 дней аренды модема появятся здесь после утверждения. До публикации страница видна только сотрудникам в панели.</p>',
      ]),
    },
    en: {
      title: 'Pricing (draft)',
      seoTitle: 'Mobile proxy pricing',
      seoDescription: 'Draft pricing page: prices per day, week and month.',
      body: html([
        '<h2>Pricing</h2>',
        '<p>Draft: prices for 1, 7 and 30 days of modem rental will appear here once approved. Until it is published, only staff can see this page in the panel.</p>',
      ]),
    },
  },
];
