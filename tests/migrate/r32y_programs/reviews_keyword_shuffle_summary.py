"""``import tensorflow.compat.v1 as tf``: a batching helper re-binding its own tensor names to the batch
(``text, label = tf.train.batch([text, label], ...)``), switching on its ``shuffle`` parameter, a summary of the
batch after the switch; the caller reads a CSV and hands the switch its own ``shuffle=False`` by keyword."""
import os

import tensorflow.compat.v1 as tf

NUM_ROWS = 10


def _write(data_dir):
    path = os.path.join(data_dir, "r32y_reviews.csv")
    with open(path, "w") as out:
        out.write("stars,text\n")
        for i in range(NUM_ROWS):
            out.write("%d,review %d\n" % (i % 5 + 1, i))
    return path


def _create_batch(text, label, min_queue_size, batch_size, shuffle):
    num_processor_threads = 1
    if shuffle:
        text, label = tf.train.shuffle_batch([text, label], batch_size=batch_size,
                                             capacity=min_queue_size + 3 * batch_size,
                                             min_after_dequeue=min_queue_size,
                                             num_threads=num_processor_threads)
    else:
        text, label = tf.train.batch([text, label], batch_size=batch_size,
                                     capacity=min_queue_size + 3 * batch_size,
                                     num_threads=num_processor_threads, allow_smaller_final_batch=True)
    tf.summary.histogram("labels", label)
    return text, label


def generate_batch_train(filename, batch_size, shuffle=False, num_epochs=1):
    filename_queue = tf.train.string_input_producer([filename], num_epochs=num_epochs, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(filename_queue)
    label, text = tf.decode_csv(value, record_defaults=[[1], [""]])
    min_queue_size = int(0.4 * NUM_ROWS)
    return _create_batch(text, label, min_queue_size, batch_size, shuffle=shuffle)


def main(data_dir):
    text, label = generate_batch_train(_write(data_dir), 4)
    batches, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)
        try:
            while not coord.should_stop():
                t, y = sess.run([text, label])
                batches.append([[x.decode() for x in t], y.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        coord.request_stop()
    coord.join(threads)
    return {"batches": batches, "end": end}
