// The first screen's checklist: the steps from nothing to a confirmed automation, ticked from the workspace's
// own data, shown until dismissed (a cookie per browser and workspace).
import { CircleCheck, CircleDashed } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import type { GettingStartedStep } from '@/lib/workspaces/getting-started';
import { DismissGettingStarted } from './dismiss-getting-started';

type Step = { title: string; hint: ReactNode; tab?: string };

const Code = ({ children }: { children: string }) => (
  <code className="rounded bg-muted px-1 font-mono">{children}</code>
);

const STEPS: Record<GettingStartedStep, Step> = {
  project: { title: 'Create a project', hint: 'It holds your functions, profiles, executables and secrets.' },
  function: {
    title: 'Upload a function',
    hint: (
      <>
        Bundle a task folder with <Code>tickwork bundle</Code>, or start from <Code>examples/tasks</Code>.
      </>
    ),
    tab: 'functions',
  },
  profile: {
    title: 'Create a profile',
    hint: 'The account that sends the calls; on the dev chain it starts with 10 ETH and 100 TICK.',
    tab: 'profiles',
  },
  executable: {
    title: 'Create an executable',
    hint: 'Bind a release to the profile with a schedule and args.',
    tab: 'executables',
  },
  confirmedRun: {
    title: 'See a confirmed run',
    hint: 'Run now or wait for the schedule; the execution shows its transaction.',
    tab: 'executions',
  },
  webhook: {
    title: 'Start it from a webhook',
    hint: "Add a webhook URL on the executable's page and POST to it.",
    tab: 'executables',
  },
};

export function GettingStarted({
  workspaceSlug,
  projectId,
  done,
}: {
  workspaceSlug: string;
  projectId: string | undefined;
  done: Record<GettingStartedStep, boolean>;
}) {
  const steps = Object.entries(STEPS) as [GettingStartedStep, Step][];
  const count = steps.filter(([key]) => done[key]).length;
  return (
    <Card className="mb-6 p-5" data-testid="getting-started">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="font-semibold">Getting started</h2>
          <p className="text-muted-foreground text-sm">
            {count === steps.length
              ? 'All done: your automation runs on its own now.'
              : `${count} of ${steps.length} done. The README walks through the same steps from the command line.`}
          </p>
        </div>
        <DismissGettingStarted workspaceSlug={workspaceSlug} />
      </div>
      <ol className="mt-4 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {steps.map(([key, step]) => {
          const Icon = done[key] ? CircleCheck : CircleDashed;
          const href =
            step.tab && projectId ? `/${workspaceSlug}/projects/${projectId}/${step.tab}` : undefined;
          return (
            <li key={key} className="flex min-w-0 gap-3" data-step={key} data-done={done[key]}>
              <Icon
                className={
                  done[key]
                    ? 'mt-0.5 size-4 shrink-0 text-primary'
                    : 'mt-0.5 size-4 shrink-0 text-muted-foreground'
                }
                aria-label={done[key] ? 'done' : 'to do'}
              />
              <div className="min-w-0">
                {href ? (
                  <Link href={href} className="font-medium text-sm hover:underline">
                    {step.title}
                  </Link>
                ) : (
                  <span className="font-medium text-sm">{step.title}</span>
                )}
                <p className="text-muted-foreground text-xs">{step.hint}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
