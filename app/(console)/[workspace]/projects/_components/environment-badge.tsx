import { Badge } from '@/components/ui/badge';

export function EnvironmentBadge({ environment }: { environment: string }) {
  return environment === 'production' ? (
    <Badge variant="success">
      <span className="size-1.5 rounded-full bg-current" />
      Production
    </Badge>
  ) : (
    <Badge variant="warning">
      <span className="size-1.5 rounded-full bg-current" />
      Development
    </Badge>
  );
}
