"""The range producer and its PaddingFIFOQueue made by a helper function that returns the padded batch: two
epochs, the queue read by dequeue_many (the short tail dropped)."""
import tensorflow.compat.v1 as tf


def padded_prefixes(values, batch_size):
    table = tf.constant(values)
    order = tf.train.range_input_producer(len(values), num_epochs=2, shuffle=False)
    n = order.dequeue() % 4 + 1
    prefix = tf.slice(table, [0], [n]) * 10
    queue = tf.PaddingFIFOQueue(16, [tf.int32, tf.int32], shapes=[[None], []])
    op = queue.enqueue([prefix, n])
    tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op]))
    return queue.dequeue_many(batch_size)


def main(data_dir):
    rows, lengths = padded_prefixes(list(range(1, 8)), batch_size=3)
    out, end = [], None
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                a, b = sess.run([rows, lengths])
                out.append([a.tolist(), b.tolist()])
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        coord.request_stop()
        coord.join(threads)
    return {'batches': out, 'end': end}
