"""A reader object of another module's class, whose abstract base declares the read method, read by the caller."""
import tensorflow.compat.v1 as tf

from r42a_lib.foreign_reader import ShardReader
from r42a_lib.records import files


def main(data_dir):
    reader = ShardReader(files(data_dir, "r42a_foreign"), 1)
    queue = tf.train.string_input_producer(files(data_dir, "r42a_foreign"), num_epochs=1, shuffle=False)
    x, y = reader._decode(queue)
    xb, yb = tf.train.batch([x, y], batch_size=4, allow_smaller_final_batch=True)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([xb, yb])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": out, "end": "rows: %d" % sum(len(b[1]) for b in out)}
