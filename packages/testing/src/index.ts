export * from "./free-port.ts";
export * from "./zip-districts.ts";
