/**
 * What a task folder may hold that is never part of the task: installed packages, VCS data, OS litter. The
 * browser leaves it out when it zips a picked folder, and the server again when it unpacks one (no imports:
 * the console's client code reads it too).
 */
export const isLeftOutOfFolder = (path: string) =>
  /(^|\/)(node_modules|\.git|__MACOSX)(\/|$)|(^|\/)\.DS_Store$/.test(path);
