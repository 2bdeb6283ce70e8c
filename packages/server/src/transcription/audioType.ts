/**
 * The media type of stored audio, told by its first bytes (what was uploaded is kept as it came,
 * whatever its name or the client's Content-Type said): WAV, FLAC, Ogg, MP3, AAC, MP4/M4A, WebM or
 * Matroska, AMR, AIFF; `application/octet-stream` for anything else (played if the browser can).
 */
export function audioType(head: Uint8Array): string {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (ascii(4, 8) === 'ftyp') return 'audio/mp4';
  if (ascii(0, 5) === '#!AMR') return 'audio/amr';
  if (ascii(0, 4) === 'FORM' && ascii(8, 12) === 'AIFF') return 'audio/aiff';
  const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = head;
  if (b0 === 0x1a && b1 === 0x45 && b2 === 0xdf && b3 === 0xa3) return 'audio/webm';
  // A frame sync (11 bits set): MPEG audio names its layer in bits 1–2; ADTS (AAC) leaves them 0.
  if (b0 === 0xff && (b1 & 0xe0) === 0xe0) return (b1 & 0x06) === 0 ? 'audio/aac' : 'audio/mpeg';
  return 'application/octet-stream';
}
