// "Place sold out" (#49): it fires for a place whose working modems are all taken, and never for a place that has
// had nothing to sell yet — the demo farm at every start, before its agent reports its modems online, opened six
// false alerts that closed a minute later. On PGlite and (with DATABASE_URL) PostgreSQL.
import { describe, expect, it } from 'vitest';
import { ALERT_DEFAULT_THRESHOLDS } from '@proxy/contract/schemas/dashboard';
import { BACKENDS, seededApp } from '../../test/helpers.ts';
import { createCustomer, createFarm, freshPlace, type TestPlace } from '../../test/orders.ts';
import { farmService } from '../farm/index.ts';
import { firingConditions } from './alerts-service.ts';

const DAY = 86_400_000;
const subject = (place: TestPlace) => `place:${place.country}/${place.city}/${place.operator}`;

describe.each(BACKENDS)('"place sold out" on $name', (backend) => {
  const suite = seededApp(backend);
  const db = () => suite.testDb.db;
  const soldOut = async () =>
    (await firingConditions(db(), new Date(), ALERT_DEFAULT_THRESHOLDS))
      .filter((firing) => firing.kind === 'place_sold_out')
      .map((firing) => firing.subject);

  it('fires for a place whose working modems are all taken, not for one whose modems have not come online', async () => {
    // A new host whose agent has not reported yet: never heard from, its modems offline (a demo start's farm).
    const starting = freshPlace();
    await createFarm(db(), starting, { online: 0, offline: 2 });
    // A place with a free modem, and one whose only working modem carries a proxy.
    const stocked = freshPlace();
    await createFarm(db(), stocked, { online: 2 });
    const taken = freshPlace();
    const { modemIds } = await createFarm(db(), taken, { online: 1, offline: 1 });
    const customer = await createCustomer(suite.app, db());
    await farmService(db()).createProxy({
      ownerId: customer.id,
      modemId: modemIds[0] as number,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });

    const firing = await soldOut();
    expect(firing).toContain(subject(taken));
    expect(firing).not.toContain(subject(starting));
    expect(firing).not.toContain(subject(stocked));
    // Nor any place of the seed's demo farm, whose agent has not started here either.
    expect(firing.filter((line) => /^place:(RU\/Moscow|RU\/Saint Petersburg|KZ\/Almaty)\//.test(line))).toEqual([]);

    // Once the starting host's modems report online, the place has stock; taken, it is sold out.
    await db().query(`UPDATE modems SET status = 'online' WHERE country = $1 AND city = $2 AND operator = $3`, [
      starting.country,
      starting.city,
      starting.operator,
    ]);
    expect(await soldOut()).not.toContain(subject(starting));
  });
});
