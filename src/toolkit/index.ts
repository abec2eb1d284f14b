/** Entry point `payment-apis-toolkit`: both clients. `./gateway` and `./merchant` export each alone. */
export * from "./gateway";
export * from "./merchant";
