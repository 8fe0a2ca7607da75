import { AlertRulesSection, IncidentsSection } from './alerts-section';
import type { SectionProps } from './data';
import { Deferred } from './deferred';
import { DetailsSection } from './details-section';
import { ExecutionsSection } from './executions-section';
import { FunctionSection } from './function-section';
import { LatencySection } from './latency-section';
import { ProfileGasSection } from './profile-gas-section';
import { SecretsSection } from './secrets-section';
import { StorageSection } from './storage-section';
import { TriggerSection } from './trigger-section';
import { WebhooksSection } from './webhooks-section';

/** Runs & health: the latest executions, latency, and the open and recent incidents. */
export function RunsTab(section: SectionProps) {
  return (
    <>
      <Deferred>
        <ExecutionsSection {...section} />
      </Deferred>
      <Deferred>
        <LatencySection {...section} />
      </Deferred>
      <div id="incidents" className="scroll-mt-6">
        <Deferred>
          <IncidentsSection {...section} />
        </Deferred>
      </div>
    </>
  );
}

/** Settings: every form with a Save button, with the executable's details beside them. */
export function SettingsTab(section: SectionProps) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
      <div className="grid grid-cols-1 gap-6 self-start">
        <TriggerSection {...section} />
        <FunctionSection {...section} />
        <ProfileGasSection {...section} />
        <SecretsSection {...section} />
      </div>
      <div className="grid grid-cols-1 gap-6 self-start">
        <DetailsSection {...section} />
      </div>
    </div>
  );
}

/** Storage: the executable's key-value store. */
export function StorageTab(section: SectionProps) {
  return (
    <Deferred>
      <StorageSection {...section} />
    </Deferred>
  );
}

/** Alerts & webhooks: the alert rules on this executable and the URLs that trigger it. */
export function AlertsTab(section: SectionProps) {
  return (
    <>
      <Deferred>
        <AlertRulesSection {...section} />
      </Deferred>
      <Deferred>
        <WebhooksSection {...section} />
      </Deferred>
    </>
  );
}
