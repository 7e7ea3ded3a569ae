"""No reader, no helper: the producer made inline and dequeued in the batch's block
(`train.string_input_producer(...).dequeue()`), `from tensorflow.compat.v1 import train`, the name reused in
another function; the file read with `tf.read_file`; two epochs, in order, the short batch dropped."""

import os

import tensorflow.compat.v1 as tf1
from tensorflow.compat.v1 import train


def describe(name):
    name = os.path.basename(name)
    return name.upper()


def main(data_dir):
    files = [os.path.join(data_dir, "image-%d.png" % i) for i in range(6)]
    name = train.string_input_producer(files, num_epochs=2, shuffle=False).dequeue()
    data = tf1.read_file(name)
    length = tf1.strings.length(data)
    names, lengths = train.batch([name, length], batch_size=5)
    batches, end = [], None
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                n, l = sess.run([names, lengths])
                batches.append([[describe(x.decode()) for x in n], l.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
