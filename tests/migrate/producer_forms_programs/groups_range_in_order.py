"""`from tensorflow.compat.v1 import train`: `range_input_producer(limit, shuffle=False, num_epochs=1)` read with
`dequeue_many(n=4)` and used as indices into a constant (no batch call); 18 elements: four groups, the last two
elements lost, as legacy's dequeue_many lost them. In order."""

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train

LIMIT = 18


def main(data_dir):
    index = train.range_input_producer(LIMIT, shuffle=False, num_epochs=1, capacity=8)
    group = index.dequeue_many(n=4)
    values = tf.gather(tf.range(100, 100 + LIMIT), group) * 2
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append(sess.run(values).tolist())
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
