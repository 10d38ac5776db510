// The profile calls of the contract (filled in by the profile feature).
export {};
