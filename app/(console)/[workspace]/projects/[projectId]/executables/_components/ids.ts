/**
 * What an executable's forms pass to its server actions: the workspace in the URL, the project, the executable;
 * and the profile it sends with (a permissions refusal offers to extend that profile's role).
 */
export type ExecutableIds = {
  workspaceSlug: string;
  projectId: string;
  executableId: string;
  profileId: string;
};
