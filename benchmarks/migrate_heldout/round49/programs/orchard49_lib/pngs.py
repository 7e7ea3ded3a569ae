"""Tiny PNG writer for the fixtures (no imaging library on the grading box)."""
import struct
import zlib


def _chunk(tag, body):
    c = struct.pack('>I', len(body)) + tag + body
    return c + struct.pack('>I', zlib.crc32(tag + body) & 0xffffffff)


def write_png(path, pixels):
    """pixels: list of rows, each a list of (r, g, b)."""
    h, w = len(pixels), len(pixels[0])
    raw = b''.join(b'\x00' + bytes([v for px in row for v in px]) for row in pixels)
    data = b'\x89PNG\r\n\x1a\n' + _chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    data += _chunk(b'IDAT', zlib.compress(raw)) + _chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(data)
