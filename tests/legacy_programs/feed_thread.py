"""The feed-thread program: a Python thread feeds placeholders into a FIFOQueue, the loop reads dequeue_many."""

import json
import sys
import threading

import tensorflow.compat.v1 as tf

EXAMPLES = 50


def main(data_dir):
    x_input = tf.placeholder(tf.float32, shape=[3])
    y_input = tf.placeholder(tf.int32, shape=[])
    queue = tf.FIFOQueue(capacity=20, dtypes=[tf.float32, tf.int32], shapes=[[3], []])
    enqueue_op = queue.enqueue([x_input, y_input])
    close_op = queue.close()
    x_batch, y_batch = queue.dequeue_many(8)

    def feed(sess):
        for i in range(EXAMPLES):
            sess.run(enqueue_op, feed_dict={x_input: [i, i + 0.5, i + 0.25], y_input: i})
        sess.run(close_op)

    batches = []
    with tf.Session() as sess:
        feeder = threading.Thread(target=feed, args=(sess,))
        feeder.start()
        try:
            while True:
                xs, ys = sess.run([x_batch, y_batch])
                batches.append({"x": xs.tolist(), "y": ys.tolist()})
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        feeder.join()
    return {"batches": batches, "end": end}


if __name__ == "__main__":
    tf.disable_eager_execution()
    print(json.dumps(main(sys.argv[1])))
