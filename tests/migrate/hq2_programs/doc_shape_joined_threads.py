"""TensorFlow's QueueRunner doc shape: `QueueRunner(q, [enqueue_op] * 2)` not added to any collection, its
threads made and started by `create_threads(sess, coord=coord, start=True)` and joined with the coordinator."""
import os

import tensorflow.compat.v1 as tf


def write_rows(out):
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, "rows.csv")
    with open(path, "w") as f:
        for k in range(12):
            f.write("%d,%.1f\n" % (100 + k, k * 1.5))
    return path


def main(data_dir):
    path = write_rows(os.path.join(data_dir, "hq2_doc_shape"))
    filename_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(filename_queue)
    key, value = tf.decode_csv(line, record_defaults=[[0], [0.0]])
    queue = tf.FIFOQueue(4, [tf.int32, tf.float32])
    enqueue_op = queue.enqueue([key, value])
    qr = tf.train.QueueRunner(queue, [enqueue_op] * 2)
    k, v = queue.dequeue()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        tf.train.start_queue_runners(sess=sess, coord=coord)
        enqueue_threads = qr.create_threads(sess, coord=coord, start=True)
        try:
            while not coord.should_stop():
                a, b = sess.run([k, v])
                batches.append([[int(a)], [float(b)]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(enqueue_threads)
    return {"batches": batches, "end": "rows: %d" % len(batches)}
