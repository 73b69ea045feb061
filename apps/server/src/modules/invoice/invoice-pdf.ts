/**
 * Whether bytes are a PDF file: the `%PDF-` header within the first kilobyte (the standard's
 * allowance for leading bytes) and the `%%EOF` marker within the last kilobyte. Enough to refuse
 * an image, a Word file or a truncated upload before it reaches a buyer as their 发票.
 */
export function isPdf(bytes: Buffer): boolean {
  if (bytes.length < 64) return false;
  const head = bytes.subarray(0, 1024).toString('latin1');
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  return head.includes('%PDF-') && tail.includes('%%EOF');
}
