/** ISO-8601 UTC, as application code sees every timestamp on both dialects. */
export type Timestamp = string
