// Every error code Tickwork answers, with its one HTTP status and when it is answered. Throw sites name only the
// code (`apiError(code, message)`); the status is looked up here. The codes table of docs/api-conventions.md and
// the OpenAPI error responses are generated from this table (`npm run error-codes`). No imports: every layer may
// read it.

export type ErrorCodeEntry = {
  status: number;
  /** When it is answered, one line (Markdown; it is printed in the docs table and the OpenAPI document). */
  when: string;
};

export const ERROR_CODES = {
  // 400: the request itself is wrong
  invalid_request: {
    status: 400,
    when: "malformed JSON, JSON nested deeper than 64 levels, a number outside its column's range (e.g. `expectedVersion` above 2,147,483,647), a path with malformed percent-encoding (`%FF`), a request that is not valid HTTP, wrong types, unknown body fields, missing fields, bad `limit`/`cursor`, bad `Idempotency-Key`, a NUL character in an id or field; `details` lists the zod issues (`path`, `message`, `code`)",
  },
  workspace_required: { status: 400, when: 'an unbound key sent no `X-Workspace-Id`' },
  invalid_trigger: {
    status: 400,
    when: 'a trigger outside its rules: interval not an integer from 30,000 to 86,400,000 ms (`minMs`, `maxMs`), or an event or block trigger that does not validate (docs/triggers.md)',
  },
  invalid_cron: {
    status: 400,
    when: 'a `cronspec` that is not exactly 5 fields, does not parse, or never fires',
  },
  invalid_args: { status: 400, when: '`args` is not a JSON-encoded object' },
  gas_mode_not_allowed: {
    status: 400,
    when: "the gas mode is not available for the profile's kind (`allowedGasModes`)",
  },
  private_submission_unavailable: {
    status: 400,
    when: '`privateSubmission: "only"` where the profile\'s chain names no private transaction endpoint',
  },
  sandbox_runtime_unavailable: {
    status: 400,
    when: '`sandboxRuntime: "gvisor"` where the deployment has no gVisor runner',
  },
  secret_not_found: {
    status: 400,
    when: "secret bindings name secrets that are not in the executable's project (`secretIds`)",
  },
  duplicate_env_key: { status: 400, when: 'secret bindings use one `envKey` twice' },
  function_not_in_project: { status: 400, when: "the function release is not in the executable's project" },
  profile_not_in_project: { status: 400, when: "the profile is not in the executable's project" },
  chain_not_enabled: {
    status: 400,
    when: "the chain (named, or the profile's) is not enabled on this deployment",
  },
  chain_not_supported: {
    status: 400,
    when: 'console: the chain lacks the contracts a Safe feature needs (Safe onboarding; SignMessageLib for self-calls)',
  },
  checksum_mismatch: { status: 400, when: 'upload: `checkSum` is not the SHA-256 of the archive' },
  invalid_schema: { status: 400, when: 'upload: `schema` is not JSON, not an object, or does not compile' },
  invalid_permissions: {
    status: 400,
    when: 'upload: `permissions.json` is not JSON or does not match its schema (docs/bundle-format.md)',
  },
  invalid_gelato_schema: {
    status: 400,
    when: "upload: the ZIP's `schema.json`, or a `schema` in its format (with `web3FunctionVersion`), is not a Gelato Web3 Function schema (`details`)",
  },
  invalid_gelato_user_args: {
    status: 400,
    when: "upload: the ZIP's `userArgs.json` is not a JSON object or does not fit `schema.json` (`details`)",
  },
  bundle_too_many_entries: { status: 400, when: 'upload: the archive has more than 200 entries' },
  bundle_path_invalid: {
    status: 400,
    when: 'upload: an absolute path, `..`, a backslash or NUL in an entry name, or a duplicate entry',
  },
  bundle_symlink: { status: 400, when: 'upload: a symbolic link entry' },
  bundle_missing_index: { status: 400, when: 'upload: no `index.js` at the root of the archive' },
  bundle_invalid: {
    status: 400,
    when: 'upload: not a readable ZIP, a corrupt central directory, an encrypted entry, or an entry whose size lies',
  },
  task_build_failed: {
    status: 400,
    when: "console: a task folder or template did not build (esbuild's message; `details` lists its errors)",
  },
  version_tag_required: {
    status: 400,
    when: 'the release name exists and no `versionTag` was given (`reservedVersionTags`, `suggestedVersionTag`)',
  },
  not_a_contract: { status: 400, when: 'console: no contract at the address given as a Safe' },
  not_a_safe: { status: 400, when: 'console: the contract at the address is not a Safe that is set up' },
  safe_version_unsupported: { status: 400, when: 'console: a Safe other than version 1.3.0 or 1.4.1' },
  invalid_signature: {
    status: 400,
    when: 'a Safe owner signature that is malformed or does not verify; a Stripe webhook without a valid signature',
  },
  authorization_pending: { status: 400, when: 'management login: not approved or denied yet' },
  slow_down: { status: 400, when: 'management login: polled faster than the interval' },
  access_denied: { status: 400, when: 'management login: denied in the console' },
  expired_token: { status: 400, when: 'management login: expired before it was approved' },
  invalid_grant: { status: 400, when: 'management login: an unknown or already used device code' },

  // 401–403: who is asking
  unauthorized: { status: 401, when: 'no bearer token, unknown, expired or revoked token' },
  payment_failed: { status: 402, when: 'console: Stripe refused the payment of a plan change' },
  workspace_mismatch: {
    status: 403,
    when: "a bound key named another workspace (header, `workspaceId` query or the upload's `data.workspaceId`); an unbound key's header and query differ",
  },
  forbidden: {
    status: 403,
    when: 'no membership in the workspace, or a role that may not do this (a `member` mutating)',
  },
  insufficient_scope: { status: 403, when: "the key lacks the route's scope (`requiredScope` names it)" },
  chain_not_on_plan: {
    status: 403,
    when: 'a mainnet on the Free plan, which covers testnets only (`chainId`, `plan`)',
  },
  legacy_profiles_disabled: {
    status: 403,
    when: 'this deployment creates no legacy profiles on the chain (`chainId`)',
  },
  plan_limit_exceeded: {
    status: 403,
    when: "the plan's executables or function uploads per cycle are used up (`limit`, `used`)",
  },
  compute_units_exhausted: {
    status: 403,
    when: "a Free workspace has used its 60,000 compute units this cycle: `POST …/run`, `…/simulate` and the webhook door (`used`, `included`, `resetsAt` = the cycle's end); see [plans.md](plans.md)",
  },
  not_a_safe_owner: {
    status: 403,
    when: 'console: the signer of a Safe transaction is not an owner of the Safe',
  },

  // 404, 405
  not_found: {
    status: 404,
    when: 'unknown id, an id of another workspace (never distinguished), unknown `/api/v1` path; a webhook URL unknown, rotated or revoked',
  },
  method_not_allowed: {
    status: 405,
    when: 'a method the route does not serve (`Allow` names the ones it does)',
  },
  request_timeout: {
    status: 408,
    when: 'the request did not arrive in time; answered by the server preload `lib/api/client-errors.cjs`',
  },

  // 409: the state of things refuses it
  conflict: {
    status: 409,
    when: 'a unique field is taken (project slug in the workspace, secret name in the project, an alert rule of that kind)',
  },
  idempotency_conflict: {
    status: 409,
    when: 'the `Idempotency-Key` was used with another request fingerprint (webhook door: other custom args)',
  },
  idempotency_in_progress: {
    status: 409,
    when: 'the first request with that `Idempotency-Key` is still running (`Retry-After: 1`)',
  },
  version_tag_conflict: {
    status: 409,
    when: 'the tag exists (or was deleted) with other code (`reservedVersionTags`, `suggestedVersionTag`)',
  },
  function_deleted: {
    status: 409,
    when: 'the function release is deleted (executable create, function switch, copy)',
  },
  function_in_use: {
    status: 409,
    when: 'release delete while a non-deleted executable uses it (`executableIds`)',
  },
  permissions_not_covered: {
    status: 409,
    when: "the profile does not cover the release's permissions (`missing`, and `coveringTransaction` for a roles profile, with `allowancesNeeded` when its conditions spend from allowances the role does not hold)",
  },
  call_not_permitted: {
    status: 409,
    when: 'the release calls its Safe or roles profile itself, which the owners have not allowed (`calls`)',
  },
  executable_active: { status: 409, when: 'delete of an active executable: pause it first (`state`)' },
  executable_not_active: { status: 409, when: 'pause of an executable that is not active (`state`)' },
  executable_not_paused: { status: 409, when: 'resume of an executable that is not paused (`state`)' },
  executable_not_in_error: {
    status: 409,
    when: 'reprovision of an executable that is not in error (`state`)',
  },
  executable_not_ready: {
    status: 409,
    when: 'regenerate of a provisioning executable, or resume of one without a built sandbox (`state`)',
  },
  executable_must_be_paused: {
    status: 409,
    when: 'function switch requested while the executable is not paused (`state`)',
  },
  function_switch_pending: {
    status: 409,
    when: 'a function switch is being built (switch, resume, regenerate)',
  },
  executable_unavailable: {
    status: 409,
    when: 'run, simulate or the webhook door: the executable is not active, its function was deleted or its profile is not active',
  },
  execution_in_progress: {
    status: 409,
    when: 'run, simulate or the webhook door: the executable has an unfinished execution',
  },
  release_unavailable: { status: 409, when: "replay: the execution's function release is gone" },
  storage_version_conflict: {
    status: 409,
    when: 'storage write with a stale `expectedVersion` (`currentVersion`)',
  },
  storage_locked: { status: 409, when: 'storage write while an execution holds the lock (`currentVersion`)' },
  profile_not_active: {
    status: 409,
    when: 'the profile must be active: executable create, resume or profile change; archive; share (`state`)',
  },
  profile_not_archived: { status: 409, when: 'unarchive of a profile that is not archived (`state`)' },
  profile_not_pending: {
    status: 409,
    when: 'retry of a profile that is not a pending legacy profile (`state`)',
  },
  profile_in_use: {
    status: 409,
    when: 'archive while a non-deleted executable uses the profile (`executableIds`)',
  },
  profile_not_shareable: { status: 409, when: 'share of a Safe profile' },
  profile_already_in_project: {
    status: 409,
    when: 'the target project already has a profile on that account (`profileId`)',
  },
  profile_not_safe: {
    status: 409,
    when: 'console: a Safe transaction or self-call allowance for a legacy profile',
  },
  profile_not_roles: {
    status: 409,
    when: 'console: a role change for a profile that is not a roles profile',
  },
  role_already_covers: { status: 409, when: 'console: the role already allows the calls' },
  allowance_not_set: {
    status: 409,
    when: 'console: a role change whose conditions spend from an allowance the role does not hold and the change does not set (`allowances`)',
  },
  self_calls_already_allowed: { status: 409, when: 'console: the Safe already allows the self-calls' },
  module_already_enabled: { status: 409, when: "console: Tickwork's module is already enabled on the Safe" },
  module_not_enabled: { status: 409, when: "console: Tickwork's module is not enabled on the Safe" },
  safe_nonce_moved: {
    status: 409,
    when: 'console: the Safe executed another transaction; this one was prepared again at the new nonce (`replacedBy`)',
  },
  safe_transaction_closed: {
    status: 409,
    when: 'console: the Safe transaction no longer collects signatures',
  },
  safe_execution_reported: {
    status: 409,
    when: 'console: another execution was already reported for the Safe transaction (`executedTxHash`)',
  },
  address_has_code: {
    status: 409,
    when: 'console: a key import whose address already has code on the chain other than our EIP-7702 delegation (`address`, `chainId`); see [profiles.md](profiles.md#importing-an-existing-key)',
  },
  faucet_unavailable: { status: 409, when: 'fund of a profile on a chain other than the local dev chain' },
  webhook_limit_reached: { status: 409, when: 'an 11th active webhook URL on an executable (`limit`)' },
  project_has_active_executables: {
    status: 409,
    when: 'console: project deletion while an executable of the project is active (`executableIds`, `executables [{id, name}]`): see Projects',
  },
  workspace_has_active_executables: {
    status: 409,
    when: 'console: workspace deletion while an executable is active',
  },
  slug_taken: { status: 409, when: "console: another workspace has (or had) the workspace's new URL slug" },
  last_owner: { status: 409, when: 'console: the last owner leaving, demoted or removed' },
  already_member: { status: 409, when: 'console: inviting a member of the workspace' },
  already_invited: { status: 409, when: 'console: inviting an address with a pending invitation' },
  plan_unchanged: { status: 409, when: 'console: a switch to the plan the workspace is on' },
  plan_downgrade_blocked: {
    status: 409,
    when: 'console: the workspace does not fit the lower plan (too many executables, or active ones on a mainnet)',
  },

  // 413–431: the request is too big or not JSON
  body_too_large: {
    status: 413,
    when: 'JSON body over 1 MiB (the storage route: 16 MiB, answered as `storage_too_large`); counted in bytes while the body streams in, so a chunked body is cut off, never buffered whole; the webhook door: over 256 KiB',
  },
  storage_too_large: {
    status: 413,
    when: 'storage over 16 MiB serialized, written or read over HTTP (`limitBytes`)',
  },
  bundle_too_large: {
    status: 413,
    when: "upload: the archive (or the request's Content-Length) is over 5 MiB",
  },
  bundle_uncompressed_too_large: { status: 413, when: 'upload: the archive unpacks to more than 20 MiB' },
  payload_too_large: {
    status: 413,
    when: 'RPC gateway: body above `TICKWORK_RPC_MAX_BODY_BYTES`; the Stripe webhook: body over 1 MiB',
  },
  unsupported_media_type: {
    status: 415,
    when: 'a non-empty body without a JSON `Content-Type` (`application/json` or `application/…+json`, parameters allowed); an empty body counts as `{}`; upload: not `multipart/form-data`',
  },
  invalid_arguments: {
    status: 422,
    when: "webhook door: custom args are not a JSON object or fail the function's args schema (`details`)",
  },
  arguments_schema_missing: {
    status: 422,
    when: 'webhook door: custom args sent to a function that has no args schema',
  },
  invalid_invitee: { status: 422, when: 'console: the invitee is neither a wallet address nor an ENS name' },
  ens_unavailable: { status: 422, when: 'console: an ENS name where the deployment resolves none' },
  ens_not_found: { status: 422, when: 'console: the ENS name resolves to no address' },
  rate_limited: {
    status: 429,
    when: "over the credential's budget (`Retry-After`); also per client address (logins, sign-in nonces), per webhook URL, per Safe transaction, per RPC workspace and per workspace for console builds (10 a minute)",
  },
  headers_too_large: {
    status: 431,
    when: "request line and headers over Node's 16 KiB limit (a very long query string); answered by the server preload `lib/api/client-errors.cjs`",
  },

  // 5xx: on our side or a dependency's
  internal_error: {
    status: 500,
    when: 'anything unexpected; the cause is logged with the request id, never returned',
  },
  chain_unavailable: {
    status: 503,
    when: 'a chain read the request needs did not answer (never a silent pass); try again',
  },
  billing_not_configured: { status: 503, when: "console: Stripe (or the plan's price) is not configured" },
  billing_unavailable: { status: 503, when: 'console: Stripe did not answer or refused the request' },
  unavailable: { status: 503, when: '`GET /api/health`: the database does not answer' },
} as const satisfies Record<string, ErrorCodeEntry>;

/** The stable machine-readable codes; a code outside the table does not compile. */
export type ErrorCode = keyof typeof ERROR_CODES;

export const statusOf = (code: ErrorCode): number => ERROR_CODES[code].status;
