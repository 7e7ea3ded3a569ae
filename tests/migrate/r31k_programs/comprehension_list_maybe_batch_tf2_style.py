"""A comprehension's list of columns kept by a flag: `maybe_batch([...for...], keep_input=...)`, TF2-style import."""
import os

import tensorflow as tf

COLUMNS = 4


def main(data_dir):
    folder = os.path.join(data_dir, "r31k_comprehension")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(14):
            f.write(",".join(str(i * 10 + c) for c in range(COLUMNS)) + "\n")
    queue = tf.compat.v1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.compat.v1.TextLineReader().read(queue)
    fields = tf.compat.v1.decode_csv(line, [[0]] * COLUMNS)
    columns = [fields[c] * 2 for c in range(COLUMNS)]
    batch = tf.compat.v1.train.maybe_batch(columns, keep_input=tf.equal(fields[0] % 20, 0), batch_size=2,
                                           allow_smaller_final_batch=True)
    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([v.tolist() for v in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
