/** A configuration the server refuses to start with; its message names the variable to fix. */
export class ConfigError extends Error {}
