import { API_BASE } from '@app/contracts/paths';
import { useEffect, useState } from 'react';
import { requestBlob } from '../../../lib/request.ts';

/**
 * A proof image of the member's appeal. The server shows it only to the member (their session header),
 * which an <img> cannot send: it is fetched with the API client and shown through an object URL,
 * released when the image leaves the screen. Nothing is shown while it loads or if it cannot be had.
 */
export function ProofImage({ url, alt }: { url: string; alt: string }) {
  const [objectUrl, setObjectUrl] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    let created: string | undefined;
    const path = url.startsWith(`${API_BASE}/`) ? url.slice(API_BASE.length) : url;
    requestBlob(path, { signal: controller.signal, redirectOnStatus: false })
      .then((file) => {
        if (controller.signal.aborted) return;
        created = URL.createObjectURL(file);
        setObjectUrl(created);
      })
      // A proof that cannot be loaded stays a blank frame; the appeal itself is still shown.
      .catch(() => undefined);
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);

  return objectUrl ? (
    <a href={objectUrl} target="_blank" rel="noreferrer">
      <img src={objectUrl} alt={alt} />
    </a>
  ) : (
    <span className="appeal-detail__image-placeholder" role="img" aria-label={alt} aria-busy="true" />
  );
}
