"""`import tensorflow as tf`, the legacy calls through `tf.compat.v1`: k copies of a WholeFileReader helper joined by
`batch_join`; the key is used only for a label (the number in the file's name), not returned."""
import os

import tensorflow as tf


def write_files(data_dir):
    root = os.path.join(data_dir, "r30c_label_txt")
    os.makedirs(root, exist_ok=True)
    for i in range(9):
        with open(os.path.join(root, "item_%d.txt" % (i * 7)), "w") as f:
            f.write("x" * (i + 1))
    return sorted(os.path.join(root, n) for n in os.listdir(root))


def read_item(queue):
    reader = tf.compat.v1.WholeFileReader()
    key, contents = reader.read(queue)
    name = tf.strings.split(key, "/")[-1]
    label = tf.strings.to_number(tf.strings.split(tf.strings.split(name, "_")[1], ".")[0], tf.int32)
    size = tf.strings.length(contents)
    return size, label


def main(data_dir):
    files = write_files(data_dir)
    queue = tf.compat.v1.train.string_input_producer(files, num_epochs=1, shuffle=False)
    pairs = [read_item(queue) for _ in range(3)]
    sizes, labels = tf.compat.v1.train.batch_join(pairs, batch_size=2, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                s, l = sess.run([sizes, labels])
                batches.append([s.tolist(), l.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
