// heic-decode ships no types: the parts used here (each picture's declared size first, its
// pixels only when asked, and the decoder freed when done).
declare module 'heic-decode' {
  interface DecodedHeic {
    width: number;
    height: number;
    data: Uint8ClampedArray;
  }
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedHeic>;
  }
  type HeicImages = HeicImage[] & { dispose(): void };
  interface HeicDecode {
    (input: { buffer: Uint8Array }): Promise<DecodedHeic>;
    all(input: { buffer: Uint8Array }): Promise<HeicImages>;
  }
  const decode: HeicDecode;
  export default decode;
}
