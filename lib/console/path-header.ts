/** The request header the proxy sets to the path a console page was asked for (old workspace URLs redirect with it). */
export const CONSOLE_PATH_HEADER = 'x-tickwork-path';
