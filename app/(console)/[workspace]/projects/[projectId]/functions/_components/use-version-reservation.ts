'use client';

import { useEffect, useState } from 'react';
import { versionReservationAction } from '../actions';

export type Reservation = {
  name: string;
  reservedVersionTags: string[];
  suggestedVersionTag: string;
  exists: boolean;
};

/**
 * The version reservation of `name` in a project (the service's `versionReservation`), looked up once typing
 * pauses; null while unknown or when `name` is not a valid function name.
 */
export function useVersionReservation(
  workspaceSlug: string,
  projectId: string,
  name: string,
  enabled = true,
): Reservation | null {
  const [state, setState] = useState<{ key: string; value: Reservation } | null>(null);
  const key = `${projectId}\n${name}`;

  useEffect(() => {
    if (!enabled || !projectId || !name) return;
    let live = true;
    const timer = setTimeout(async () => {
      const result = await versionReservationAction(workspaceSlug, projectId, name);
      if (live && result.ok) setState({ key: `${projectId}\n${name}`, value: result.data });
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [workspaceSlug, projectId, name, enabled]);

  return state?.key === key ? state.value : null;
}

/** The reserved tags worth listing: `latest` is reserved for every name. */
export const usedTags = (reservation: Reservation) =>
  reservation.reservedVersionTags.filter((t) => t !== 'latest');
