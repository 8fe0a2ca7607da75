/** The executable page's tabs, in order; the first is shown when the URL names none (or an unknown one). */
export const EXECUTABLE_TABS = [
  { id: 'runs', label: 'Runs & health' },
  { id: 'settings', label: 'Settings' },
  { id: 'storage', label: 'Storage' },
  { id: 'alerts', label: 'Alerts & webhooks' },
] as const;

export type ExecutableTab = (typeof EXECUTABLE_TABS)[number]['id'];

/** The tab of `?tab=`. */
export function executableTab(value: string | string[] | undefined): ExecutableTab {
  return EXECUTABLE_TABS.find((t) => t.id === value)?.id ?? 'runs';
}

/** The link to one tab of an executable's page (the first tab has no `?tab=`). */
export function executableTabHref(base: string, tab: ExecutableTab) {
  return tab === 'runs' ? base : `${base}?tab=${tab}`;
}
