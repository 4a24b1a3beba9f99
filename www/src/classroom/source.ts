// Where a worksheet comes from: `worksheet=` names a built-in id, a file on this site, or (from the teacher's
// page) the worksheet's own text in the link, which these encode and decode.

/** Where a worksheet comes from, as `worksheet=` names it: its text (or a built-in's id, which the core reads). */
export async function worksheetSource(value: string, isId: (value: string) => boolean): Promise<string> {
  if (value.startsWith('text:')) return decodeText(value.slice('text:'.length));
  // The core says what an id is (a word); anything else is a file on this site.
  if (isId(value)) return value;
  const url = new URL(value, window.location.href);
  if (url.origin !== window.location.origin)
    throw new Error(`a worksheet file must be on this site (${window.location.origin}), not ${url.origin}`);
  const response = await fetch(url);
  // A host answers a missing file with its error page, or its home page: neither is a worksheet.
  if (!response.ok || (response.headers.get('content-type') ?? '').includes('text/html'))
    throw new Error(`${value} was not found on this site`);
  return response.text();
}

/**
 * Where a worksheet came from, in words shown above it: a worksheet in a link, or in a file on this site, was
 * written by whoever made the link or placed the file, not by the lab, and the reader is told so.
 */
export function worksheetOrigin(value: string, isId: (value: string) => boolean, inLms = false): string {
  // A SCORM package carries its worksheet as a file: it is the package's, which the teacher put in the LMS.
  if (inLms) return 'This worksheet came in the package your teacher put into your school’s system.';
  if (value.startsWith('text:'))
    return 'This worksheet came in the link itself: whoever made the link wrote it, not the makers of the lab.';
  if (isId(value)) return 'One of the lab’s built-in worksheets.';
  const url = new URL(value, window.location.href);
  return `This worksheet comes from the file ${url.pathname} on this site: whoever placed it there wrote it, not the makers of the lab.`;
}

/** A worksheet's text for a link: UTF-8, base64url. */
export function encodeText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeText(encoded: string): string {
  let binary: string;
  try {
    binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    throw new Error('the worksheet in this link is damaged (it may have been cut short)');
  }
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}
