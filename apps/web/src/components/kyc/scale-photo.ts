import { KYC_PHOTO_MAX_CHARS } from '@app/contracts/kyc';

/** The longest side of the photo sent: enough for a face match, small on a metered network. */
const PHOTO_SIDE = 640;

/**
 * A phone's photo scaled down to at most PHOTO_SIDE pixels and re-encoded as JPEG, as a data URL: a camera
 * photo of several MB would cost the player's data and exceed the request's limit. A browser that cannot
 * decode it (or a test's tiny image) sends it as it is when it already fits.
 */
async function toPhoto(file: File): Promise<string> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.85);
  } catch {
    return new Promise((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsDataURL(file);
    });
  }
}

/**
 * The photo the verification service receives, from the file the player chose or took (the kyc page's photo
 * step, a registration's selfie): scaled, and refused when it is still larger than the server takes.
 */
export async function readPhoto(file: File): Promise<string> {
  const scaled = await toPhoto(file);
  if (scaled.length > KYC_PHOTO_MAX_CHARS) throw new Error('too large');
  return scaled;
}
