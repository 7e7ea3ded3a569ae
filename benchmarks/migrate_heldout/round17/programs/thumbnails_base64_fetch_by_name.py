"""Product thumbnails embedded in a CSV as web-safe base64 PNGs: `decode_base64` + `decode_image`; the batch is
named under a name scope and the training loop fetches it by tensor name."""

import base64
import os

import tensorflow.compat.v1 as tf


def write_catalogue(data_dir, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "catalogue.csv")
    with open(path, "w") as out:
        for i in range(18):
            with open(os.path.join(data_dir, "image-%d.png" % (i % 6)), "rb") as f:
                encoded = base64.urlsafe_b64encode(f.read()).decode("ascii")
            out.write("%d,%s,%d\n" % (1000 + i, encoded, i % 4))
    return path


def build_input(catalogue, batch_size):
    with tf.name_scope("input"):
        queue = tf.train.string_input_producer([catalogue], num_epochs=2, shuffle=False)
        _, line = tf.TextLineReader().read(queue)
        product_id, encoded, category = tf.decode_csv(line, [[0], [""], [0]])
        image = tf.image.decode_image(tf.decode_base64(encoded), channels=1, expand_animations=False)
        image.set_shape([4, 4, 1])
        image = tf.image.convert_image_dtype(image, tf.float32)
        image_batch, id_batch, category_batch = tf.train.batch(
            [image, product_id, category], batch_size=batch_size, allow_smaller_final_batch=True)
        tf.identity(image_batch, name="images")
        tf.identity(id_batch, name="product_ids")
        tf.identity(category_batch, name="categories")


def train_loop(fetch_names):
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                images, ids, categories = sess.run(fetch_names)
                batches.append([images.round(4).tolist(), ids.tolist(), categories.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return batches, end


def main(data_dir):
    catalogue = write_catalogue(data_dir, os.path.join(data_dir, "h17_thumbnails_base64_fetch_by_name"))
    build_input(catalogue, batch_size=7)
    batches, end = train_loop(["input/images:0", "input/product_ids:0", "input/categories:0"])
    return {"batches": batches, "end": end}
