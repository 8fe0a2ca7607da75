import { notFound } from 'next/navigation';
import { ApiError } from '@/lib/api/errors';

/**
 * A console page's read of the thing its URL names: the service's 404 (no such thing, or not in this workspace)
 * renders the not-found page; any other error passes.
 */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
}
