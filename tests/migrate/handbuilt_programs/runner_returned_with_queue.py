"""A function returns its hand-built queue and the queue's runner (``return examples, qr``); its one caller
dequeues up to a batch and starts the runner's threads itself (``threads.extend(qr.create_threads(...,
start=True))`` after ``start_queue_runners``). CSV rows, one enqueue thread: the order is the reader's."""

import tensorflow.compat.v1 as tf


def make_queue(files):
    lines = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader(skip_header_lines=1).read(lines)
    a, b, label = tf.decode_csv(line, [[0.0], [0.0], [0]])
    examples = tf.FIFOQueue(30, [tf.float32, tf.int32], shapes=[[2], []])
    qr = tf.train.QueueRunner(examples, [examples.enqueue([tf.stack([a, b]), label])])
    return examples, qr


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))
    examples, qr = make_queue(files)
    features, labels = examples.dequeue_up_to(8)  # 150 rows: 18 batches of 8 and a tail of 6
    batches = []
    end = None
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    threads.extend(qr.create_threads(sess, coord=coord, start=True))
    try:
        while True:
            f, l = sess.run([features, labels])
            batches.append([f.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}
