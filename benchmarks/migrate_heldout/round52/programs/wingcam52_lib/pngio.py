"""Tiny PNG writer for the generated wing-camera frames (no PIL on the glider laptop)."""
import struct
import zlib


def _chunk(kind, data):
  body = kind + data
  return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)


def png_bytes(pixels):
  """pixels: uint8 array [height, width, 3]."""
  height, width = pixels.shape[0], pixels.shape[1]
  raw = b''.join(b'\x00' + pixels[r].tobytes() for r in range(height))
  header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
  return (b'\x89PNG\r\n\x1a\n' + _chunk(b'IHDR', header) +
          _chunk(b'IDAT', zlib.compress(raw)) + _chunk(b'IEND', b''))
