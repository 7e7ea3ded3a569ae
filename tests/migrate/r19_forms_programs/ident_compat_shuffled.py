"""`import tensorflow as tf` with `tf.compat.v1.IdentityReader`, a shuffled producer of numbers as strings and a
`shuffle_batch` over two threads: the batches' sizes and their rows as a multiset."""

import tensorflow as tf

v1 = tf.compat.v1


class Numbers:
    def __init__(self, count):
        self.items = [str(n * 11) for n in range(count)]

    def batches(self):
        queue = v1.train.string_input_producer(self.items, num_epochs=3, shuffle=True, seed=3)
        reader = v1.IdentityReader()
        key, item = reader.read(queue)
        number = v1.string_to_number(item, out_type=tf.int32)
        return v1.train.shuffle_batch([key, number], batch_size=5, capacity=40, min_after_dequeue=10,
                                      num_threads=2, allow_smaller_final_batch=True)


def main(data_dir):
    keys, numbers = Numbers(8).batches()
    batches, end = [], None
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                k, n = sess.run([keys, numbers])
                batches.append([[x.decode() for x in k], n.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
