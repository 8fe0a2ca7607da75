import { Badge } from '@/components/ui/badge';
import type { ChannelKind, ChannelState } from '@/db/enums';

export const KIND_LABELS: Record<ChannelKind, string> = {
  webhook: 'Webhook',
  email: 'Email',
  slack: 'Slack',
  discord: 'Discord',
  telegram: 'Telegram',
};

/** What a channel sends to, from its showable config. */
export const destinationOf = (config: Record<string, string>) =>
  config.to ?? config.host ?? (config.chatId ? `chat ${config.chatId}` : '');

export function ChannelStateBadge({ state }: { state: ChannelState }) {
  return (
    <Badge variant={state === 'failing' ? 'destructive' : 'success'} data-testid="channel-state">
      {state === 'failing' ? 'Failing' : 'Active'}
    </Badge>
  );
}
