import numpy as np


def norm_img(image):
    return image / 127.5 - 1.


def save_png(path, image):
    import zlib, struct
    h, w, _ = image.shape
    raw = b''.join(b'\x00' + image[y].tobytes() for y in range(h))

    def chunk(tag, data):
        c = struct.pack('>I', len(data)) + tag + data
        return c + struct.pack('>I', zlib.crc32(tag + data) & 0xffffffff)

    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
    png += chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
    with open(path, 'wb') as f:
        f.write(png)


def make_faces(root, n, seed):
    rng = np.random.RandomState(seed)
    for i in range(n):
        save_png('%s/%06d.png' % (root, i + 1), rng.randint(0, 256, size=(4, 4, 3)).astype(np.uint8))
