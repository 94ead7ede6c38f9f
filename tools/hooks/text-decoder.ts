/**
 * PocketBase's JS engine (goja) has no TextDecoder; image-size uses one only to read a header's
 * ASCII signatures and box names, which this reads alike (a byte a character).
 */
export class TextDecoder {
  decode(bytes = new Uint8Array(0)) {
    let text = '';
    for (let index = 0; index < bytes.length; index += 4096)
      text += String.fromCharCode(...bytes.subarray(index, index + 4096));
    return text;
  }
}
