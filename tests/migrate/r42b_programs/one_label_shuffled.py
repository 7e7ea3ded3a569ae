"""One label name: the helper's label is the tensor itself; shuffled, one epoch of 12 rows."""
import os

from tensorflow.compat import v1 as tf

from r42b_lib import records


def main(data_dir):
    root = os.path.join(data_dir, 'r42b_one')
    os.makedirs(root, exist_ok=True)
    filename = os.path.join(root, 'one.tfrecords')
    records.write_records(filename, [([i, -i, 2 * i], [i + 100]) for i in range(12)], ['kind'])

    pixels, kind = records.read_example(filename, ['kind'], num_epochs=1)
    out = records.read_batch(pixels, kind, batch_size=4, shuffle=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                p, k = sess.run(out)
                batches.append([p.tolist(), k.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
