/** A file uploaded straight to storage and accepted by the server's check. */
export interface UploadedFile {
  /** The storage key to send with the order (product_key, logo_key, …). */
  key: string;
  /** The file's name on the buyer's computer. */
  name: string;
  width: number;
  height: number;
  bytes: number;
  /**
   * The preview: a small data URL of the picture, or an object URL of the local file where the
   * browser cannot draw one (revoked when the file is removed or replaced); empty for a draft
   * brought back after a reload without one.
   */
  previewUrl: string;
}
