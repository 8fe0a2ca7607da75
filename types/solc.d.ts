// solc-js ships no types; the two calls scripts/compile-contracts.ts makes.
declare module 'solc' {
  const solc: { compile(standardJsonInput: string): string; version(): string };
  export default solc;
}
