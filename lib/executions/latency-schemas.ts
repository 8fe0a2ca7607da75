import { z } from 'zod';

const Percentiles = z.strictObject({
  count: z.number().int().meta({ description: 'How many runs the percentiles were taken over' }),
  p50Ms: z.number().nullable().meta({ description: 'Median in milliseconds; null without runs' }),
  p95Ms: z.number().nullable().meta({ description: '95th percentile in milliseconds; null without runs' }),
});

const Figures = z.strictObject({
  confirmed: Percentiles.meta({
    description: 'Trigger → confirmed: finished_at − scheduled_at of the confirmed runs',
  }),
  start: Percentiles.meta({
    description: 'Trigger → start: started_at − scheduled_at of the runs that started (dry runs aside)',
  }),
  adherence: z
    .strictObject({
      due: z.number().int(),
      onTime: z.number().int(),
      ratio: z.number().nullable().meta({ description: 'onTime / due; null when no scheduled run was due' }),
    })
    .meta({
      description:
        'Scheduled runs due in the window (started, or due more than 5 s ago) and how many started within 5 s of their due time',
    }),
});

export const ExecutableLatencySchema = z.strictObject({
  executableId: z.string(),
  adherenceToleranceMs: z.number().int(),
  windows: z
    .strictObject({ '24h': Figures, '7d': Figures })
    .meta({ description: 'Runs whose trigger time (scheduled_at) falls in the last 24 hours / 7 days' }),
});
