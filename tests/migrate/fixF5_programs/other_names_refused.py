"""``if batched:`` binding the batch to names of its own (no else): when false they stay unbound; refused."""
import tensorflow.compat.v1 as tf

from f5_lib.rows import write_rows


def read(queue, batched):
    _, line = tf.TextLineReader().read(queue)
    idx, weight, kind = tf.decode_csv(line, [[0], [0.0], [0]])
    idxs = idx
    if batched:
        idxs = tf.train.batch([idx], batch_size=2)
    return idxs


def main(data_dir):
    path = write_rows(data_dir + "/f5_refused", "rows.csv", 4)
    idxs = read(tf.train.string_input_producer([path], num_epochs=1, shuffle=False), True)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                batches.append([sess.run(idxs)[0].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
