"""Line files read group by group: for each group a new shuffled one-epoch producer, a reader and a Session."""
import os

import tensorflow.compat.v1 as tf
from tensorflow.compat.v1 import train


def write(folder, prefix, count):
    paths = []
    for i in range(count):
        path = os.path.join(folder, "%s_%d.txt" % (prefix, i))
        with open(path, "w") as f:
            f.write("".join("%s-%d-%d\n" % (prefix, i, j) for j in range(2)))
        paths.append(path)
    return paths


class GroupReader(object):
    def __init__(self, groups):
        self.groups = groups

    def read_all(self):
        out = []
        for files in self.groups:
            queue = train.string_input_producer(files, num_epochs=1)  # shuffled: the files in any order
            reader = tf.TextLineReader()
            _, line = reader.read(queue)
            word = tf.strings.upper(line)
            with tf.Session() as sess:
                sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
                coord = train.Coordinator()
                threads = train.start_queue_runners(sess=sess, coord=coord)
                try:
                    while True:
                        out.append([[sess.run(word).decode()]])
                except tf.errors.OutOfRangeError:
                    pass
                finally:
                    coord.request_stop()
                coord.join(threads)
        return out
