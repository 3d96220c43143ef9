/** Photos are scaled so that their longer side is at most 1900 px (001 §9) and sent as JPEG. */
import { PHOTO_MAX_SIZE } from '@panel/domain/constants';

export const PHOTO_JPEG_QUALITY = 0.9;

/** The size of an image fitted within `max` on its longer side (never enlarged). */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIZE): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= max) return { width, height };
  const scale = max / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * A JPEG of the photo at most 1900 px on the longer side, turned upright by its EXIF orientation. A JPEG that
 * already fits goes as it is (no second compression).
 */
export async function scalePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    if (file.type === 'image/jpeg' && size.width === bitmap.width && size.height === bitmap.height) return file;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('2d canvas unavailable');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
        'image/jpeg',
        PHOTO_JPEG_QUALITY,
      ),
    );
  } finally {
    bitmap.close();
  }
}
