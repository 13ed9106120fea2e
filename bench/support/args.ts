// The benches' `--name=value` options, read one way for all of them.

/** The value of `--name=…` on the command line, or undefined. */
export function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

/** A positive number given as `--name=…`, or `fallback`; anything else stops the bench. */
export function positive(name: string, fallback: number): number {
  const value = Number(option(name) ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
