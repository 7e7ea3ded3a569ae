"""Game-sprite classifier: a handful of tiny PNG sprites embedded as bytes in the program, fed through an
input_producer, decoded, mirrored and batched (the last incomplete batch is dropped)."""
import struct
import zlib

import tensorflow as tf

tf1 = tf.compat.v1

SPRITE_SIZE = 3
BATCH = 3


def _png_bytes(pixels):
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


SPRITES = [_png_bytes([[(s * 30 + r * 3 + c * 7) % 256 for c in range(SPRITE_SIZE)] for r in range(SPRITE_SIZE)])
           for s in range(7)]


def sprite_inputs(sprites, batch_size):
    png_queue = tf1.train.input_producer(tf.constant(sprites), num_epochs=1, shuffle=False, capacity=8,
                                         name="sprite_producer")
    png = png_queue.dequeue()
    image = tf.image.decode_png(png, channels=1)
    image.set_shape([SPRITE_SIZE, SPRITE_SIZE, 1])
    mirrored = tf.image.flip_left_right(image)
    image = tf.cast(mirrored, tf.int32)
    brightest = tf.reduce_max(image)
    return tf1.train.batch([image, brightest], batch_size=batch_size, capacity=4 * batch_size)


def main(data_dir):
    del data_dir  # the sprites live in the program
    images, brightest = sprite_inputs(SPRITES, BATCH)
    rows = tf.reshape(images, [-1, SPRITE_SIZE * SPRITE_SIZE])
    batches = []
    with tf1.Session() as sess:
        tf1.local_variables_initializer().run()
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(coord=coord)
        end = "steps"
        for _ in range(10):
            try:
                r, b = sess.run([rows, brightest])
            except tf.errors.OutOfRangeError:
                end = "OutOfRangeError"
                break
            batches.append([r.tolist(), b.tolist()])
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
