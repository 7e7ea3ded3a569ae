"""A PaddingFIFOQueue filled from a reader helper by a QueueRunner that is never added to the graph's
collection: the session code starts its threads by hand (``threads += runner.create_threads(sess, coord=coord,
start=True)``) beside ``start_queue_runners`` (the file queue's runner)."""

import tensorflow.compat.v1 as tf


def read_sequence(filename_queue):
    reader = tf.FixedLengthRecordReader(record_bytes=8, header_bytes=4)
    _, raw = reader.read(filename_queue)
    values = tf.reshape(tf.decode_raw(raw, tf.int32), [2])
    length = values[0] % 3 + 1
    return tf.range(length) + values[1], length


def main(data_dir):
    files = sorted(tf.gfile.Glob(data_dir + "/fixed-*.bin"))
    filename_queue = tf.train.string_input_producer(files, num_epochs=2, shuffle=False)
    sequence, length = read_sequence(filename_queue)
    queue = tf.PaddingFIFOQueue(16, [tf.int32, tf.int32], shapes=[[None], []])
    enqueue_op = queue.enqueue([sequence, length])
    runner = tf.train.QueueRunner(queue, [enqueue_op])
    sequences, lengths = queue.dequeue_many(4)  # 72 records: 18 batches, each padded to its longest
    batches = []
    end = None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        threads += runner.create_threads(sess, coord=coord, start=True)
        try:
            while not coord.should_stop():
                s, n = sess.run([sequences, lengths])
                batches.append([s.tolist(), n.tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
