import struct
import zlib

import numpy as np


def write_png(path, array):
  """Writes an 8-bit grey or RGB array as a PNG (no PIL on the sugar-bush laptop)."""
  array = np.asarray(array, dtype=np.uint8)
  if array.ndim == 2:
    array = array[:, :, None]
  height, width, channels = array.shape
  colour_type = {1: 0, 3: 2}[channels]
  raw = b''.join(b'\x00' + array[row].tobytes() for row in range(height))

  def chunk(tag, data):
    body = tag + data
    return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body) & 0xffffffff)

  with open(path, 'wb') as f:
    f.write(b'\x89PNG\r\n\x1a\n')
    f.write(chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, colour_type, 0, 0, 0)))
    f.write(chunk(b'IDAT', zlib.compress(raw)))
    f.write(chunk(b'IEND', b''))
