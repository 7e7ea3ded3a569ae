"""Notes in text files: an `IdentityReader` made inline, its key dropped, each work item (a path) read whole by
`read_file`; the note's size and first word batched."""

import os

import tensorflow.compat.v1 as tf


def write(data_dir):
    out = os.path.join(data_dir, "r19f_notes")
    os.makedirs(out, exist_ok=True)
    paths = []
    for n in range(7):
        path = os.path.join(out, "note_%02d.txt" % n)
        with open(path, "w") as f:
            f.write("word%d " % n + "x" * n)
        paths.append(path)
    return paths


def main(data_dir):
    paths = write(data_dir)
    queue = tf.train.string_input_producer(paths, num_epochs=2, shuffle=False, capacity=4)
    _, path = tf.IdentityReader(name="notes").read(queue)
    text = tf.read_file(path)
    size = tf.strings.length(text)
    first = tf.string_split([text], " ").values[0]
    sizes, firsts = tf.train.batch([size, first], batch_size=3, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                s, w = sess.run([sizes, firsts])
                batches.append([s.tolist(), [x.decode() for x in w]])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
