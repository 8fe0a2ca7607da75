// A strict reader of the Prometheus text exposition format (version 0.0.4): every line must be a comment, a
// HELP or TYPE line, or a sample `name{label="value",…} value [timestamp]`; anything else throws. Samples are
// grouped by family (histogram `_bucket`, `_sum` and `_count` samples under their histogram's name).

export type PromSample = { name: string; labels: Record<string, string>; value: number };
export type PromFamily = { name: string; type: string; help: string; samples: PromSample[] };

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+-?\\d+)?$`);
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/y;
const unescapeLabel = (value: string) => value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));

function parseLabels(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`bad labels in: ${line}`);
    labels[match[1]] = unescapeLabel(match[2]);
  }
  return labels;
}

function parseValue(text: string, line: string): number {
  // As Prometheus reads them (Go's ParseFloat): Inf and NaN in any case.
  const special = text.toLowerCase();
  if (special === '+inf' || special === 'inf') return Number.POSITIVE_INFINITY;
  if (special === '-inf') return Number.NEGATIVE_INFINITY;
  if (special === 'nan') return Number.NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`bad value in: ${line}`);
  return value;
}

export function parsePrometheusText(text: string): Map<string, PromFamily> {
  const families = new Map<string, PromFamily>();
  const family = (name: string) => {
    const known = families.get(name);
    if (known) return known;
    const created: PromFamily = { name, type: 'untyped', help: '', samples: [] };
    families.set(name, created);
    return created;
  };
  const owner = (sample: string) => {
    for (const suffix of ['_bucket', '_sum', '_count']) {
      const base = sample.slice(0, -suffix.length);
      if (sample.endsWith(suffix) && ['histogram', 'summary'].includes(families.get(base)?.type ?? ''))
        return base;
    }
    return sample;
  };
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const meta = line.match(new RegExp(`^# (HELP|TYPE) (${NAME}) ?(.*)$`));
    if (meta) {
      if (meta[1] === 'TYPE') {
        if (!['counter', 'gauge', 'histogram', 'summary', 'untyped'].includes(meta[3]))
          throw new Error(`bad type in: ${line}`);
        family(meta[2]).type = meta[3];
      } else family(meta[2]).help = meta[3];
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = line.match(SAMPLE);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    family(owner(sample[1])).samples.push({
      name: sample[1],
      labels: parseLabels(sample[2], line),
      value: parseValue(sample[3], line),
    });
  }
  return families;
}
