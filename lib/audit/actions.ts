/** Every administrative action the audit log records, with the words the console shows for it. */
export const AUDIT_ACTIONS = {
  'member.invited': 'Invited a member',
  'invitation.revoked': 'Revoked an invitation',
  'invitation.accepted': 'Accepted an invitation',
  'member.added': 'Added a member',
  'member.role_changed': 'Changed a member’s role',
  'member.removed': 'Removed a member',
  'member.left': 'Left the workspace',
  'workspace.renamed': 'Renamed the workspace',
  'workspace.slug_changed': 'Changed the workspace URL',
  'workspace.deleted': 'Deleted the workspace',
  'project.deleted': 'Deleted a project',
  'profile.key_imported': 'Imported an account key',
  'plan.changed': 'Changed the plan',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'rpc_key.created': 'Created an RPC key',
  'rpc_key.revoked': 'Revoked an RPC key',
  'alert_rule.created': 'Created an alert rule',
  'alert_rule.updated': 'Changed an alert rule',
  'alert_rule.deleted': 'Deleted an alert rule',
  'notification_channel.created': 'Created a notification channel',
  'notification_channel.deleted': 'Deleted a notification channel',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
