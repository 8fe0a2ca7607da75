/** What an executable's forms pass to its server actions: the workspace in the URL, the project, the executable. */
export type ExecutableIds = { workspaceSlug: string; projectId: string; executableId: string };
