/** Header the proxy sets to the path the client asked for (any client-sent copy is overwritten). */
export const ORIGINAL_PATH_HEADER = "x-auth-original-path";
