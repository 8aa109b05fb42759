export * from "./format.ts";
export * from "./rating.ts";
export * from "./record.ts";
export * from "./dataset.ts";
export * from "./location.ts";
export * from "./outlines.ts";
export * from "./place-name.ts";
export * from "./district-words.ts";
