/** Every management scope; management-login consent grants the whole bundle. */
export const SCOPES = [
  'projects:read',
  'projects:write',
  'chains:read',
  'functions:read',
  'functions:upload',
  'functions:delete',
  'functions:source',
  'executables:read',
  'executables:write',
  'executables:run',
  'executions:read',
  'storage:read',
  'storage:write',
  'profiles:read',
  'profiles:write',
  'secrets:read',
  'secrets:write',
  'webhooks:read',
  'webhooks:write',
  'usage:read',
  'alerts:read',
  'alerts:write',
] as const;

export type Scope = (typeof SCOPES)[number];

export const isScope = (value: string): value is Scope => (SCOPES as readonly string[]).includes(value);
