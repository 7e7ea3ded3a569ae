"""Galaxy cutouts as JPEG files (converted in the same script), read with `WholeFileReader` + `decode_jpeg`,
cropped with `central_crop`; the trainer finalizes the graph (`sess.graph.finalize()`) before its loop."""

import glob
import os

import numpy as np
import tensorflow.compat.v1 as tf

CUTOUT = 8
CROP_FRACTION = 0.5


def convert_to_jpeg(data_dir):
    """The conversion step: numpy cutouts encoded by TensorFlow in a graph of their own."""
    out_dir = os.path.join(data_dir, "h19_galaxy_jpeg_graph_finalize")
    os.makedirs(out_dir, exist_ok=True)
    with tf.Graph().as_default():
        pixels = tf.placeholder(tf.uint8, [CUTOUT, CUTOUT, 1])
        encoded = tf.image.encode_jpeg(pixels, quality=95)
        with tf.Session() as sess:
            for n in range(5):
                yy, xx = np.mgrid[0:CUTOUT, 0:CUTOUT]
                glow = 200 - 12 * (np.abs(yy - 3.5) + np.abs(xx - 3.5)) + 9 * n
                data = sess.run(encoded, feed_dict={pixels: np.clip(glow, 0, 255).astype(np.uint8)[:, :, None]})
                with open(os.path.join(out_dir, "galaxy-%02d.jpg" % n), "wb") as f:
                    f.write(data)
    return sorted(glob.glob(os.path.join(out_dir, "*.jpg")))


def galaxy_inputs(filenames, batch_size, num_epochs):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
    reader = tf.WholeFileReader()
    key, value = reader.read(filename_queue)
    image = tf.image.decode_jpeg(value, channels=1)
    core = tf.image.central_crop(image, CROP_FRACTION)
    side = int(CUTOUT * CROP_FRACTION)
    core = tf.reshape(core, [side, side, 1])
    brightness = tf.reduce_mean(tf.cast(core, tf.float32))
    return tf.train.batch([core, brightness, key], batch_size=batch_size, allow_smaller_final_batch=True)


def main(data_dir):
    filenames = convert_to_jpeg(data_dir)
    cores, brightness, keys = galaxy_inputs(filenames, batch_size=3, num_epochs=2)

    batches = []
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    sess.graph.finalize()  # catches ops added in the loop
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            c, b, k = sess.run([cores, brightness, keys])
            batches.append([c[:, :, :, 0].tolist(), [round(float(v), 3) for v in b],
                            [os.path.basename(p.decode()) for p in k]])
    except tf.errors.OutOfRangeError:
        pass
    finally:
        coord.request_stop()
        coord.join(threads)
        sess.close()
    return {"batches": batches, "end": len(batches)}
