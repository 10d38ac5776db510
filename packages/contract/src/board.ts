// The board calls of the contract (filled in by the board feature).
export {};
