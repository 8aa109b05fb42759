export * from "./free-port.ts";
