// What a failure says, whatever was thrown: the code throws Errors, but a library, a worker or a
// plugin may throw a string or anything else, whose message would otherwise print as undefined.
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
