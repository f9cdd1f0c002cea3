/**
 * The arguments `npm start` gives node (package.json's start script; decision 0153): a benchmark that
 * starts the server itself passes the same, so it measures the server as it is run.
 */
export const SERVER_NODE_ARGS: readonly string[] = ['--max-old-space-size=1024']
