"""Traffic-sign crops (GTSRB-like folders 00000/, 00001/...): WholeFileReader over a fixed file list, the class id
cut from the key's folder, decode_png + resize_images, train.batch."""
import os

import numpy as np
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def write_signs(out):
    rs = np.random.RandomState(43)
    paths = []
    g = tf.Graph()
    with g.as_default():
        pixels = tf.placeholder(tf.uint8, [None, None, 3])
        encoded = tf.image.encode_png(pixels)
        with tf.Session(graph=g) as s:
            for cls in range(3):
                folder = os.path.join(out, "%05d" % cls)
                os.makedirs(folder, exist_ok=True)
                for k in range(2):
                    side = rs.randint(3, 7)
                    path = os.path.join(folder, "%05d_%05d.png" % (k, cls))
                    with open(path, "wb") as f:
                        f.write(s.run(encoded, {pixels: rs.randint(0, 256, (side, side, 3)).astype(np.uint8)}))
                    paths.append(path)
    return paths


def main(data_dir):
    out = os.path.join(data_dir, "h36_signs")
    os.makedirs(out, exist_ok=True)
    paths = write_signs(out)
    filename_queue = train.string_input_producer(paths, num_epochs=1, shuffle=False)
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    folder = tf.string_split([key], delimiter="/").values[-2]
    class_id = tf.string_to_number(folder, out_type=tf.int32)
    image = tf.image.decode_png(value, channels=3)
    image = tf.image.resize_images(image, [4, 4], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image = tf.cast(image, tf.float32) / 255.0
    image_batch, class_batch = train.batch([image, class_id], batch_size=2)
    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = train.Coordinator()
    threads = train.start_queue_runners(sess=sess, coord=coord)
    try:
        for _ in range(5):
            im, cl = sess.run([image_batch, class_batch])
            batches.append([np.round(im.astype(np.float64), 3).tolist(), cl.tolist()])
    except tf.errors.OutOfRangeError:
        pass
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "signs: %d" % sum(len(b[1]) for b in batches)}
