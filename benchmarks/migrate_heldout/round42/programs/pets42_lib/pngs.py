import struct
import zlib

import numpy as np


def png_bytes(arr):
    """Encodes a uint8 array (H, W) or (H, W, 3) as a PNG file."""
    arr = np.asarray(arr, np.uint8)
    height, width = arr.shape[:2]
    colour = 0 if arr.ndim == 2 else 2
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(height))

    def chunk(kind, data):
        return (struct.pack('>I', len(data)) + kind + data +
                struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))

    return (b'\x89PNG\r\n\x1a\n' +
            chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, colour, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))
