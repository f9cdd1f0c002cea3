// What every file manager route shares: the answers that every item route can give.

export const tags = ['files']
export const notFound = { 404: { description: 'No such item, or the caller cannot open it' } }
export const forbidden = { 403: { description: 'The caller can open it but not do this' } }
export const davLocked = {
  423: {
    description:
      '`locked`: a WebDAV lock someone else holds covers the item (or, for a folder, something in it)',
  },
}
export const nameConflict = { 409: { description: '`name_taken`: the name is taken in the target folder' } }
