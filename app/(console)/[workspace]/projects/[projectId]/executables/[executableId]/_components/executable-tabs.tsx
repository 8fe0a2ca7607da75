import { Activity, Bell, Database, Settings } from 'lucide-react';
import { TabNav, TabNavLink } from '@/components/ui/tab-nav';
import { EXECUTABLE_TABS, type ExecutableTab, executableTabHref } from './tabs';

const ICONS = { runs: Activity, settings: Settings, storage: Database, alerts: Bell } as const;

/** The executable page's tabs, as links that keep the tab in the URL (`?tab=`). */
export function ExecutableTabs({ base, active }: { base: string; active: ExecutableTab }) {
  return (
    <TabNav label="Executable">
      {EXECUTABLE_TABS.map(({ id, label }) => (
        <TabNavLink
          key={id}
          href={executableTabHref(base, id)}
          label={label}
          icon={ICONS[id]}
          active={id === active}
        />
      ))}
    </TabNav>
  );
}
