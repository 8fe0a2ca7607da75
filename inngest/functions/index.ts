import { alertsCheckFunction } from './alerts-check';
import { deliverNotificationFunction, notificationSweepFunction } from './deliver-notification';
import { followChainsFunction } from './follow-chains';
import { maintenanceFunction } from './maintenance';
import { provisionExecutableFunction } from './provision-executable';
import { provisionProfileFunction } from './provision-profile';
import { runCallbackFunction } from './run-callback';
import { runExecutionFunction } from './run-execution';
import { scheduleTickFunction } from './schedule-tick';
import { switchExecutableFunctionFunction } from './switch-executable-function';

/** Every Inngest function, served at /api/inngest. */
export const functions = [
  provisionProfileFunction,
  provisionExecutableFunction,
  switchExecutableFunctionFunction,
  runExecutionFunction,
  runCallbackFunction,
  scheduleTickFunction,
  followChainsFunction,
  maintenanceFunction,
  alertsCheckFunction,
  deliverNotificationFunction,
  notificationSweepFunction,
];
