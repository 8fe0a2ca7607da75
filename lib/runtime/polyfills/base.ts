/**
 * Minimal web globals for the isolate: UTF-8 TextEncoder/TextDecoder (viem-using bundles touch them at module
 * load), atob/btoa (ethers v5 reads its wordlists with atob), and `self` as workers have it.
 */
export const BASE_POLYFILLS = `
if (typeof globalThis.self === 'undefined') globalThis.self = globalThis;
if (typeof globalThis.TextEncoder === 'undefined') {
  globalThis.TextEncoder = class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(input = '') {
      const s = String(input); const out = [];
      for (let i = 0; i < s.length; i++) {
        let c = s.codePointAt(i);
        if (c > 0xffff) i++;
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    }
  };
}
if (typeof globalThis.TextDecoder === 'undefined') {
  globalThis.TextDecoder = class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(input) {
      if (input === undefined) return '';
      const b = input instanceof Uint8Array ? input : new Uint8Array(input.buffer ?? input);
      let s = '';
      for (let i = 0; i < b.length; ) {
        const c = b[i++];
        let cp;
        if (c < 0x80) cp = c;
        else if (c >= 0xf0) cp = ((c & 7) << 18) | ((b[i++] & 63) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else if (c >= 0xe0) cp = ((c & 15) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else cp = ((c & 31) << 6) | (b[i++] & 63);
        s += String.fromCodePoint(cp);
      }
      return s;
    }
  };
}
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
if (typeof globalThis.btoa === 'undefined') {
  globalThis.btoa = function btoa(input) {
    const s = String(input); let out = '';
    for (let i = 0; i < s.length; i += 3) {
      const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
      if (a > 255 || b > 255 || c > 255) throw new Error('btoa: the string has characters outside Latin-1');
      const n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out += BASE64[n >> 18] + BASE64[(n >> 12) & 63] + (i + 1 < s.length ? BASE64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? BASE64[n & 63] : '=');
    }
    return out;
  };
}
if (typeof globalThis.atob === 'undefined') {
  globalThis.atob = function atob(input) {
    const s = String(input).replace(/[\\t\\n\\f\\r ]/g, '').replace(/=+$/, '');
    if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error('atob: the string is not valid base64');
    let out = '';
    for (let i = 0, bits = 0, n = 0; i < s.length; i++) {
      n = (n << 6) | BASE64.indexOf(s[i]); bits += 6;
      if (bits >= 8) { bits -= 8; out += String.fromCharCode((n >> bits) & 255); }
    }
    return out;
  };
}
`;
