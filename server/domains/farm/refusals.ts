/** What the farm refuses, with the status and field of each (the errors plugin words them). */
import { CHECK_MESSAGES } from '../../lib/check-messages.ts';
import { MESSAGES } from '../../lib/messages.ts';
import { defineRefusals } from '../../lib/refusal.ts';
import { FARM_MESSAGES } from './messages.ts';

export const FARM_REFUSALS = defineRefusals('farm', {
  hostNameTaken: { status: 400, field: 'name', message: FARM_MESSAGES.hostNameTaken },
  modemKeyTaken: { status: 400, field: 'key', message: FARM_MESSAGES.modemKeyTaken },
  /** A modem put on (or moved to) a host that is not there: DRF's PrimaryKeyRelatedField wording. */
  unknownHost: { status: 400, field: 'host', message: MESSAGES.doesNotExist },
  /** The range's ends in the wrong order, judged against the stored end when only one is sent. */
  portOrder: { status: 400, field: 'port_max', message: CHECK_MESSAGES.portOrder },
  /** A narrower range would leave a proxy's port outside it. */
  portsInUse: { status: 400, field: 'port_max', message: FARM_MESSAGES.portsInUse },
  /** A range without two ports for every proxy its host's modems can carry (their capacities summed). */
  portsTooFew: { status: 400, field: 'port_max', message: FARM_MESSAGES.portsTooFew },
  hostHasModems: { status: 400, field: 'non_field_errors', message: FARM_MESSAGES.hostHasModems },
  /** Its proxies' ports belong to its host: a modem carrying proxies is neither deleted nor moved. */
  modemHasProxies: { status: 400, field: 'non_field_errors', message: FARM_MESSAGES.modemHasProxies },
  /** The host's port range has no two free ports left (ordering words it as no stock). */
  noFreePorts: { status: 409, message: FARM_MESSAGES.noFreePorts },
  /** Staff's "rotate now" on a modem that is not online. */
  modemBusy: { status: 409, message: FARM_MESSAGES.modemBusy },
  /** A login the owner picked that another proxy has (the column's unique index decides, also between two at once). */
  loginTaken: { status: 400, field: 'login', message: FARM_MESSAGES.loginTaken },
  /** Staff's "reboot" while a rotation or reboot of the modem is pending. */
  modemRestarting: { status: 409, message: FARM_MESSAGES.modemRestarting },
  /** An agent's result for a rotation already recorded. */
  rotationFinished: { status: 409, message: FARM_MESSAGES.rotationFinished },
  /** An agent's result for a health check already recorded. */
  checkFinished: { status: 409, message: FARM_MESSAGES.checkFinished },
  /** The owner's "check now" on a proxy not served. */
  checkInactive: { status: 403, message: FARM_MESSAGES.checkInactive },
  /** The agent has not answered the owner's "check now" in time. */
  checkTimeout: { status: 504, message: FARM_MESSAGES.checkTimeout },
  /** An agent API call without its host's valid bearer token. */
  agentTokenInvalid: { status: 401, message: MESSAGES.invalidToken, headers: { 'www-authenticate': 'Bearer' } },
});
