// The news calls of the contract (filled in by the news feature).
export {};
