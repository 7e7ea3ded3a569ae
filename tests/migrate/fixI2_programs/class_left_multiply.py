"""A class method: k * [[...]] (k a name), the queue arm chosen by the instance's flag."""
import os

import tensorflow.compat.v1 as tf


class Feeder:
    def __init__(self, folder, parallel):
        self.folder = folder
        self.parallel = parallel

    def batches(self, names, batch_size, workers=2):
        entry = tf.train.slice_input_producer([names], shuffle=False, num_epochs=1)
        path = tf.string_join([self.folder, "/", entry[0]])
        if self.parallel:
            hold = tf.FIFOQueue(8, [tf.string], shapes=[[]])
            put = hold.enqueue([tf.read_file(path)])
            tf.train.add_queue_runner(tf.train.QueueRunner(hold, [put] * 2))
            text = hold.dequeue()
        else:
            text = tf.read_file(path)
        return tf.train.batch_join(workers * [[tf.strings.length(text), text]], batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, "fxI2_d")
    os.makedirs(folder, exist_ok=True)
    names = []
    for i in range(6):
        names.append("t%d" % i)
        with open(os.path.join(folder, names[-1]), "w") as f:
            f.write("x" * (i + 1))
    lengths, texts = Feeder(folder, True).batches(names, 3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                n, t = sess.run([lengths, texts])
                batches.append([n.tolist(), [x.decode() for x in t]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % (3 * len(batches))}
