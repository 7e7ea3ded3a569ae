"""The batch appended to ``get_collection_ref`` of a key the program names, then read back by
``get_collection``: a collection it fills itself, the same in tf.data."""

import os

import tensorflow.compat.v1 as tf

FEATURES = "features"


def write(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "values.txt")
    with open(path, "w") as f:
        f.write("".join("%d\n" % (k * 7) for k in range(11)))
    return path


def inputs(path):
    files = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(files)
    value = tf.strings.to_number(line, tf.int32)
    batch = tf.train.batch([value], batch_size=4, allow_smaller_final_batch=True)
    tf.get_collection_ref(FEATURES).append(batch)
    return batch


def main(data_dir):
    inputs(write(os.path.join(data_dir, "r25meta_collection_ref")))
    batch = tf.get_collection(FEATURES)[0]
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append(sess.run(batch).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
