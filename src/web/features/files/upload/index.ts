export { UploadWidget, type UploadWidgetProps } from './upload-widget'
