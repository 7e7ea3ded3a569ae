"""Plant disease leaves: the manifest of image names is read and split inside the graph (`read_file` +
`string_split`), and the file-name producer runs over that computed tensor; the label comes from the name."""

import os

import tensorflow.compat.v1 as tf


def write_manifest(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    path = os.path.join(out_dir, "manifest.txt")
    with open(path, "w") as f:
        f.write("\n".join("image-%d.png" % i for i in (4, 1, 5, 0, 3, 2)) + "\n")
    return path


def image_names(manifest, image_dir):
    content = tf.read_file(manifest)
    names = tf.string_split([content], delimiter="\n").values
    return tf.string_join([image_dir, names], separator="/")


def read_leaf(filename_queue):
    path, contents = tf.WholeFileReader().read(filename_queue)
    leaf = tf.image.decode_png(contents, channels=1)
    leaf.set_shape([4, 4, 1])
    leaf = tf.image.flip_left_right(leaf)
    number = tf.regex_replace(path, r".*image-(\d+)\.png$", r"\1")
    label = tf.mod(tf.string_to_number(number, out_type=tf.int32), 2)
    return tf.cast(leaf, tf.int32), label, tf.reduce_mean(tf.cast(leaf, tf.float32))


def main(data_dir):
    manifest = write_manifest(os.path.join(data_dir, "h17_leaf_manifest_in_graph_producer"))
    paths = image_names(manifest, data_dir)
    filename_queue = tf.train.string_input_producer(paths, num_epochs=3, shuffle=False)
    leaf, label, brightness = read_leaf(filename_queue)
    leaves, labels, brightness = tf.train.batch([leaf, label, brightness], batch_size=4,
                                                allow_smaller_final_batch=True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                x, y, b = sess.run([leaves, labels, brightness])
                batches.append([x.tolist(), y.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
