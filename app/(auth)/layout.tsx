// Layout of the pages outside a workspace (sign-in, CLI consent): brand panel + centered card.
import { CalendarClock, KeyRound, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '@/components/brand/logo';

const points = [
  { icon: CalendarClock, title: 'Scheduled on-chain tasks', text: 'Cron, interval and webhook triggers.' },
  { icon: ShieldCheck, title: 'Scoped accounts', text: 'Calls leave only from the profiles you allow.' },
  { icon: KeyRound, title: 'Secrets stay sealed', text: 'Write-only, envelope-encrypted, never shown.' },
];

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-screen lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <aside className="relative hidden overflow-hidden bg-sidebar p-10 text-sidebar-foreground lg:flex lg:flex-col">
        <div className="pointer-events-none absolute -top-40 -left-40 size-[520px] rounded-full bg-indigo-600/25 blur-3xl" />
        <div className="pointer-events-none absolute -right-32 bottom-0 size-[420px] rounded-full bg-violet-600/15 blur-3xl" />
        <Logo tone="light" className="relative" />
        <div className="relative mt-auto mb-auto max-w-md">
          <h2 className="font-semibold text-3xl text-white leading-tight tracking-tight">
            Automation that runs on time, every time.
          </h2>
          <p className="mt-3 text-sidebar-muted">
            Upload a task, bind it to a trigger and an account, and Tickwork evaluates, simulates and submits
            it for you.
          </p>
          <ul className="mt-10 grid gap-6">
            {points.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-sidebar-border bg-sidebar-accent">
                  <Icon className="size-4 text-indigo-300" />
                </span>
                <span>
                  <span className="block font-medium text-white">{title}</span>
                  <span className="text-sidebar-muted text-sm">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative text-sidebar-muted text-xs">© Tickwork</p>
      </aside>
      <main className="flex flex-col items-center justify-center px-6 py-12">
        <Logo className="mb-10 lg:hidden" />
        <div className="w-full max-w-[420px]">{children}</div>
      </main>
    </div>
  );
}
