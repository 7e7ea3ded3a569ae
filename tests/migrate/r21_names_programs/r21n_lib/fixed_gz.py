"""make_data's fixed-length files (a 4-byte header, records of two int32) compressed with zlib."""

import os
import zlib


def compress(data_dir):
    out = []
    for i in range(3):
        with open(os.path.join(data_dir, "fixed-%d.bin" % i), "rb") as f:
            raw = f.read()
        path = os.path.join(data_dir, "r21f-fixed-%d.bin.z" % i)
        with open(path, "wb") as f:
            f.write(zlib.compress(raw))
        out.append(path)
    return out
