"""The old reading-data how-to: read_my_file_format(filename_queue) and input_pipeline(...) with shuffle_batch."""

import tensorflow.compat.v1 as tf


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    key, record_string = reader.read(filename_queue)
    col1, col2, col3 = tf.decode_csv(record_string, record_defaults=[[0], [0.0], [0]])
    example = tf.stack([tf.cast(col1, tf.float32), col2])
    processed_example = example * 10.0
    return processed_example, col3


def input_pipeline(filenames, batch_size, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True)
    example, label = read_my_file_format(filename_queue)
    # min_after_dequeue defines how big a buffer we will randomly sample from
    min_after_dequeue = 40
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch(
        [example, label], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, allow_smaller_final_batch=True)
    return example_batch, label_batch


def main(data_dir):
    filenames = ["%s/table-%d.csv" % (data_dir, i) for i in range(3)]
    example_batch, label_batch = input_pipeline(filenames, 16, num_epochs=2)
    out = []
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            a, b = sess.run([example_batch, label_batch])
            out.append([a.tolist(), b.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": end}
