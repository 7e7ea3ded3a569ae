"""Work strings (`name:value`, not files) from an input producer, read by an `IdentityReader` in another module's
helper that returns the key too; the key and the value batched."""

import tensorflow.compat.v1 as tf

from r19_lib.identity_lib import parse_work

WORK = ["w%d:%d.5" % (n, n * 3) for n in range(10)]


def main(data_dir):
    queue = tf.train.string_input_producer(tf.constant(WORK), num_epochs=1, shuffle=False)
    key, value = parse_work(queue)
    keys, values = tf.train.batch([key, value * 2.0], batch_size=4, allow_smaller_final_batch=True)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, v = sess.run([keys, values])
                batches.append([[x.decode() for x in k], v.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
