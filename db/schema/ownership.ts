import { text } from 'drizzle-orm/pg-core';
import { workspaces } from './accounts';

/** The workspace a row belongs to; every query of a tenant resource filters on it. Deleted with the workspace. */
export const workspaceOwned = () => ({
  workspaceId: text('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
});
