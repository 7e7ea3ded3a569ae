"""A few lines standing in for ``from PIL import Image`` (only ``Image.open(path)`` as a context manager and
``.size`` as (width, height) of a baseline JPEG are used)."""
import struct


class _Opened(object):
    def __init__(self, path):
        with open(path, 'rb') as f:
            data = f.read()
        i = 2
        while i < len(data):
            marker, length = data[i + 1], struct.unpack('>H', data[i + 2:i + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack('>HH', data[i + 5:i + 9])
                self.size = (width, height)
                return
            i += 2 + length
        raise IOError('no frame header in ' + path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class Image(object):
    @staticmethod
    def open(path):
        return _Opened(path)
