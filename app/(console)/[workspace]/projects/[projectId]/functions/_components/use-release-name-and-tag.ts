'use client';

import { useEffect, useState } from 'react';
import { FUNCTION_NAME_PATTERN } from '@/lib/functions/schemas';
import { usedTags, useVersionReservation } from './use-version-reservation';

/** `price-watcher (2).zip` → `price-watcher-2`: a valid function name (letters, digits, . _ -) or ''. */
export function nameFromFile(fileName: string): string {
  return fileName
    .replace(/\.zip$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .replace(/-+$/, '')
    .slice(0, 64);
}

/**
 * The name and version tag of a release being uploaded, with the name's version reservation (looked up while
 * `enabled`). The tag follows the service's suggestion for the name until it is edited.
 */
export function useReleaseNameAndTag({
  workspaceSlug,
  projectId,
  defaultName,
  enabled,
}: {
  workspaceSlug: string;
  projectId: string;
  /** A fixed name (a function's own "New version" button). */
  defaultName?: string;
  enabled: boolean;
}) {
  const [name, setName] = useState(defaultName ?? '');
  const [nameEdited, setNameEdited] = useState(Boolean(defaultName));
  const [tag, setTag] = useState('v1');
  const [tagEdited, setTagEdited] = useState(false);
  const reservation = useVersionReservation(workspaceSlug, projectId, name.trim(), enabled);

  // Prefill the tag with the service's suggestion for this name (v1 for a new one) until it is edited.
  useEffect(() => {
    if (reservation && !tagEdited) setTag(reservation.suggestedVersionTag);
  }, [reservation, tagEdited]);

  const taken = reservation ? usedTags(reservation) : [];

  return {
    name,
    tag,
    reservation,
    /** The tags the name has used (deleted ones stay reserved). */
    taken,
    tagTaken: taken.includes(tag.trim()),
    /** Until the suggestion for a valid name arrives, the prefilled tag may be one the name already used. */
    awaitingSuggestion: !tagEdited && FUNCTION_NAME_PATTERN.test(name.trim()) && !reservation,
    /** Names the release after a picked file, unless a name was typed or chosen. */
    nameAfterFile: (fileName: string) => {
      if (!nameEdited) setName(nameFromFile(fileName));
    },
    /** A name typed or chosen: the tag follows its suggestion again. */
    editName: (next: string) => {
      setName(next);
      setNameEdited(true);
      setTagEdited(false);
    },
    /** A tag typed or taken from a suggestion: it is kept from now on. */
    editTag: (next: string) => {
      setTag(next);
      setTagEdited(true);
    },
    reset: () => {
      setName(defaultName ?? '');
      setNameEdited(Boolean(defaultName));
      setTag('v1');
      setTagEdited(false);
    },
  };
}

export type ReleaseNameAndTag = ReturnType<typeof useReleaseNameAndTag>;
