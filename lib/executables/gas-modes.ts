// Which gas modes each profile kind takes (pure: the console's forms import it too).
import type { GasMode, ProfileKind } from '@/db/enums';

/** roles → sponsored only; legacy and safe → all three (the sending key account can pay or be sponsored). */
export const GAS_MODES_BY_KIND: Record<ProfileKind, readonly GasMode[]> = {
  legacy: ['self', 'sponsored', 'self-funded'],
  safe: ['self', 'sponsored', 'self-funded'],
  roles: ['sponsored'],
};

export const defaultGasMode = (kind: ProfileKind): GasMode => (kind === 'roles' ? 'sponsored' : 'self');
