export { DropTarget } from './drop-target'
export { UploadWidget } from './upload-widget'
export { type UploadQueue, useUploadQueue } from './use-upload-queue'
