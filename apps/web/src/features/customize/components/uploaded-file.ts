/** A file uploaded straight to storage and accepted by the server's check. */
export interface UploadedFile {
  /** The storage key to send with the order (product_key, logo_key, …). */
  key: string;
  /** The file's name on the buyer's computer. */
  name: string;
  width: number;
  height: number;
  bytes: number;
  /** An object URL of the local file, for the preview (revoked when the file is removed or replaced). */
  previewUrl: string;
}
