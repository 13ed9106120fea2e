// The benches' command-line flags: `--name=value`, or `--name` alone for "true"; anything else is not a flag.
export function parseFlags(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(
    argv
      .filter((a) => a.startsWith('--'))
      .map((a) => {
        const [k, ...v] = a.slice(2).split('=');
        return [k ?? '', v.length ? v.join('=') : 'true'] as const;
      }),
  );
}
