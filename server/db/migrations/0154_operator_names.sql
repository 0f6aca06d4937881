-- A place's operator in both languages (#49 item 5): Russian pages said "MTS" and "Beeline". As with cities (0111), the
-- English name stays the key modems, order lines, moves and transfers store (the stock, the order request, the filters
-- and the agent's configuration keep using it); this table gives an operator of a country its Russian name, one row
-- per operator and country (a brand is not written alike everywhere: Tele2 is "Т2" in Russia and still "Tele2" in
-- Kazakhstan), so every modem of it, and every order line, move and transfer that names it, read the same one. An
-- operator with no row shows its English name in Russian too.
CREATE TABLE operators (
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  name_en text NOT NULL CHECK (length(name_en) BETWEEN 1 AND 100),
  name_ru text NOT NULL CHECK (length(name_ru) BETWEEN 1 AND 100),
  PRIMARY KEY (country, name_en)
);

-- The Russian names of the operators places already use, as the operators write themselves on their own Russian sites
-- (Билайн and Т2 since their Russian rebrandings; Yota, and Kazakhstan's Beeline and Tele2, stay in Latin letters);
-- staff name any other in the panel's modem form.
INSERT INTO operators (country, name_en, name_ru)
SELECT known.country, known.name_en, known.name_ru
  FROM (VALUES
    ('RU', 'MTS', 'МТС'),
    ('RU', 'Beeline', 'Билайн'),
    ('RU', 'MegaFon', 'МегаФон'),
    ('RU', 'Megafon', 'МегаФон'),
    ('RU', 'Tele2', 'Т2'),
    ('RU', 'T2', 'Т2'),
    ('RU', 'Yota', 'Yota'),
    ('KZ', 'Beeline', 'Beeline'),
    ('KZ', 'Tele2', 'Tele2'),
    ('KZ', 'Kcell', 'Kcell'),
    ('KZ', 'Activ', 'Activ'),
    ('KZ', 'Altel', 'Altel'),
    ('BY', 'MTS', 'МТС'),
    ('UA', 'Kyivstar', 'Киевстар')
  ) AS known (country, name_en, name_ru)
 WHERE EXISTS (SELECT 1 FROM modems m WHERE m.country = known.country AND m.operator = known.name_en)
    OR EXISTS (SELECT 1 FROM order_lines l WHERE l.country = known.country AND l.operator = known.name_en)
    OR EXISTS (SELECT 1 FROM transfers t WHERE t.country = known.country AND t.operator = known.name_en)
    OR EXISTS (SELECT 1 FROM proxy_moves v WHERE (v.from_country = known.country AND v.from_operator = known.name_en)
                                           OR (v.to_country = known.country AND v.to_operator = known.name_en));
