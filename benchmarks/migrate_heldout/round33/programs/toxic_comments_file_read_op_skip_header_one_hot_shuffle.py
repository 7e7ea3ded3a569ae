"""Toxic-comment style `file_read_op(file_names, batch_size, num_epochs)`: the reader built before its producer,
skip_header_lines=1, six label columns stacked, shuffle_batch over two shuffled CSV files."""
import os

import tensorflow.compat.v1 as tf

LABELS = ["toxic", "severe_toxic", "obscene", "threat", "insult", "identity_hate"]


def write_comments(folder):
    os.makedirs(folder, exist_ok=True)
    names = []
    n = 0
    for part in range(2):
        path = os.path.join(folder, "train_%d.csv" % part)
        with open(path, "w") as f:
            f.write("id,comment_text," + ",".join(LABELS) + "\n")
            for _ in range(6):
                flags = [(n >> k) & 1 for k in range(6)]
                f.write("c%03d,comment number %d,%s\n" % (n, n, ",".join(str(v) for v in flags)))
                n += 1
        names.append(path)
    return names


def file_read_op(file_names, batch_size, num_epochs):
    """Read csv files in batch

    Returns:
        comment_text_batch, toxicity_batch
    """
    reader = tf.TextLineReader(skip_header_lines=1)
    queue = tf.train.string_input_producer(file_names,
                                           num_epochs=num_epochs,
                                           shuffle=True)

    _, value = reader.read(queue)
    record_defaults = [[''], [''], [0], [0], [0], [0], [0], [0]]
    cols = tf.decode_csv(value, record_defaults=record_defaults)
    comment_text = cols[1]
    toxicity = tf.stack(cols[2:])

    min_after_dequeue = 3
    capacity = min_after_dequeue + 3 * batch_size
    comment_text_batch, toxicity_batch = tf.train.shuffle_batch(
        [comment_text, toxicity], batch_size=batch_size, capacity=capacity,
        min_after_dequeue=min_after_dequeue)
    return comment_text_batch, toxicity_batch


def main(data_dir):
    file_names = write_comments(os.path.join(data_dir, "h33_toxic"))
    text_batch, tox_batch = file_read_op(file_names, 4, 1)
    any_toxic = tf.reduce_max(tox_batch, axis=1)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                t, y, a = sess.run([text_batch, tox_batch, any_toxic])
                batches.append([[s.decode() for s in t], y.tolist(), a.tolist()])
        except tf.errors.OutOfRangeError:
            end = "Done -- %d comment batches" % len(batches)
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
