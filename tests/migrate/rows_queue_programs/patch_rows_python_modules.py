"""Each PNG image cut into rows by a module helper; the rows enqueued many at a time into a hand-built FIFOQueue
(``tensorflow.python`` spellings) with one runner thread; batches taken by ``dequeue_many`` that names its op."""

import os

import tensorflow.compat.v1 as tf
from tensorflow.python.ops import data_flow_ops
from tensorflow.python.training import queue_runner


def image_rows(contents):
    image = tf.cast(tf.image.decode_png(contents, channels=1), tf.float32)
    return tf.reshape(image, [4, 4]), tf.fill([4], tf.strings.length(contents))


def load(data_dir, batch_size):
    paths = [os.path.join(data_dir, "image-%d.png" % i) for i in range(4)]
    filename_queue = tf.train.string_input_producer(paths, num_epochs=3, shuffle=False)
    reader = tf.WholeFileReader()
    _, contents = reader.read(filename_queue)
    rows, sizes = image_rows(contents)
    queue = data_flow_ops.FIFOQueue(32, [tf.float32, tf.int32], shapes=[[4], []], name="row_queue")
    enqueue_op = queue.enqueue_many([rows, sizes])
    queue_runner.add_queue_runner(queue_runner.QueueRunner(queue, [enqueue_op]))
    return queue.dequeue_many(batch_size, name="row_batch")


def main(data_dir):
    rows, sizes = load(data_dir, 5)
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                r, s = sess.run([rows, sizes])
                batches.append([r.tolist(), s.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
