-- A place's city in both languages (#28): Russian pages said "Moscow". The English name stays the key modems, order
-- lines and transfers store (the stock, the order request and the agent's configuration keep using it); this table
-- gives a city of a country its Russian name, one row per city, so every modem there, and every order line and
-- transfer that names it, read the same one. A city with no row shows its English name in Russian too.
CREATE TABLE cities (
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 100),
  name_ru text NOT NULL CHECK (length(name_ru) BETWEEN 1 AND 100),
  PRIMARY KEY (country, name_en)
);

-- The Russian names of the cities places already use (the demo farm's, and the larger cities of the countries a
-- farm is likely to be in); staff name any other in the panel's modem form.
INSERT INTO cities (country, name_en, name_ru)
SELECT known.country, known.name_en, known.name_ru
  FROM (VALUES
    ('RU', 'Moscow', 'Москва'),
    ('RU', 'Saint Petersburg', 'Санкт-Петербург'),
    ('RU', 'Novosibirsk', 'Новосибирск'),
    ('RU', 'Yekaterinburg', 'Екатеринбург'),
    ('RU', 'Kazan', 'Казань'),
    ('RU', 'Nizhny Novgorod', 'Нижний Новгород'),
    ('RU', 'Krasnodar', 'Краснодар'),
    ('RU', 'Rostov-on-Don', 'Ростов-на-Дону'),
    ('RU', 'Samara', 'Самара'),
    ('RU', 'Vladivostok', 'Владивосток'),
    ('KZ', 'Almaty', 'Алматы'),
    ('KZ', 'Astana', 'Астана'),
    ('KZ', 'Shymkent', 'Шымкент'),
    ('UA', 'Kyiv', 'Киев'),
    ('BY', 'Minsk', 'Минск'),
    ('UZ', 'Tashkent', 'Ташкент'),
    ('DE', 'Berlin', 'Берлин'),
    ('DE', 'Frankfurt', 'Франкфурт'),
    ('US', 'New York', 'Нью-Йорк'),
    ('GB', 'London', 'Лондон')
  ) AS known (country, name_en, name_ru)
 WHERE EXISTS (SELECT 1 FROM modems m WHERE m.country = known.country AND m.city = known.name_en)
    OR EXISTS (SELECT 1 FROM order_lines l WHERE l.country = known.country AND l.city = known.name_en)
    OR EXISTS (SELECT 1 FROM transfers t WHERE t.country = known.country AND t.city = known.name_en);
