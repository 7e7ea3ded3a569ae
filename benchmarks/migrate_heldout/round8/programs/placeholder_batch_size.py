"""CSV rows batched with a batch size fed through a placeholder (the facenet / seq2seq-inference shape: one graph,
the batch size chosen per `sess.run`)."""
import os

import tensorflow.compat.v1 as tf


def read_row(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    _, line = reader.read(filename_queue)
    a, b, label = tf.decode_csv(line, record_defaults=[[0], [0.0], [0]])
    return a, b, label


def main(data_dir):
    files = [os.path.join(data_dir, "table-%d.csv" % i) for i in range(3)]
    batch_size_placeholder = tf.placeholder(tf.int32, shape=[], name="batch_size")
    filename_queue = tf.train.string_input_producer(files, num_epochs=1, shuffle=False)
    a, b, label = read_row(filename_queue)
    a_batch, b_batch, label_batch = tf.train.batch(
        [a, b, label], batch_size=batch_size_placeholder, num_threads=1, capacity=64,
        allow_smaller_final_batch=True)

    batches = []
    sizes = [4, 7, 16, 5]
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        end = None
        try:
            while not coord.should_stop():
                size = sizes[step % len(sizes)]
                xa, xb, xl = sess.run([a_batch, b_batch, label_batch], feed_dict={batch_size_placeholder: size})
                batches.append([xa.tolist(), xb.tolist(), xl.tolist()])
                step += 1
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
