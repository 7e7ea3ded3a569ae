"""The how-to's several-readers form: example_list = [read_my_file_format(q) for _ in range(read_threads)]
joined by shuffle_batch_join."""

import tensorflow.compat.v1 as tf


def read_my_file_format(filename_queue):
    reader = tf.TextLineReader(skip_header_lines=1)
    key, record_string = reader.read(filename_queue)
    a, b, label = tf.decode_csv(record_string, record_defaults=[[0], [0.0], [0]])
    processed_example = tf.stack([tf.cast(a, tf.float32), b * 2.0])
    return processed_example, label


def input_pipeline_multiple_threads(filenames, batch_size, read_threads, num_epochs=None):
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=True)
    example_list = [read_my_file_format(filename_queue) for _ in range(read_threads)]
    min_after_dequeue = 20
    capacity = min_after_dequeue + 3 * batch_size
    example_batch, label_batch = tf.train.shuffle_batch_join(
        example_list, batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue, allow_smaller_final_batch=True)
    return example_batch, label_batch


def main(data_dir):
    filenames = sorted(tf.gfile.Glob(data_dir + "/table-*.csv"))
    example_batch, label_batch = input_pipeline_multiple_threads(filenames, 20, 2, num_epochs=1)
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    out = []
    try:
        while not coord.should_stop():
            e, l = sess.run([example_batch, label_batch])
            out.append([e.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": out, "end": end}
