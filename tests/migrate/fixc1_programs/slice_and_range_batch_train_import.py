"""Labelled names from a `slice_input_producer` and a shuffled augmentation index from an inline
`range_input_producer(...).dequeue()`, made by a helper, in one `train.batch` (`from tensorflow.compat.v1 import
train`): the batch is left, so is the producer."""
import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def augment_index(n):
    return train.range_input_producer(n, shuffle=True, seed=21).dequeue()


def main(data_dir):
    names = tf.constant(["n%02d" % i for i in range(8)])
    labels = tf.constant(list(range(8)), dtype=tf.int64)
    name, label = train.slice_input_producer([names, labels], shuffle=False, num_epochs=1)
    aug = augment_index(3)
    b_name, b_label, b_aug = train.batch([name, label, aug], batch_size=2, num_threads=1, capacity=8)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, l, a = sess.run([b_name, b_label, b_aug])
                batches.append([[x.decode() for x in n], l.tolist(), a.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "names: %d" % (2 * len(batches))}
