// The media type of the API's errors, apart from their schema so that code which only recognises a
// problem (the web's API client on the shop's first load) does not import zod (decision 0096).
export const PROBLEM_CONTENT_TYPE = 'application/problem+json'
