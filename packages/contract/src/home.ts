// The home calls of the contract (filled in by the home feature).
export {};
