import type { JobEvent } from '../events';
import type { Workflow } from '../workflow';
import { deliverNotificationWorkflow } from './deliver-notification';
import { provisionExecutable } from './provision-executable';
import { provisionProfile } from './provision-profile';
import { runCallback } from './run-callback';
import { runExecution } from './run-execution';
import { switchExecutableFunction } from './switch-executable-function';

/** The workflow each event runs, whichever provider delivers it. */
export const WORKFLOWS: { [E in JobEvent]: Workflow<E> } = {
  'profile/provision.requested': provisionProfile,
  'executable/provision.requested': provisionExecutable,
  'executable/function-switch.requested': switchExecutableFunction,
  'execution/requested': runExecution,
  'execution/callback.requested': runCallback,
  'notification/delivery.requested': deliverNotificationWorkflow,
};
