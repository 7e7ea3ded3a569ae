"""A range producer with no num_epochs (it cycles forever) and shuffle=True, feeding a PaddingFIFOQueue read by
dequeue_many; the consumer stops after 6 batches (what arrives is random: compared as a multiset)."""
import tensorflow.compat.v1 as tf


def main(data_dir):
    producer = tf.train.range_input_producer(5, shuffle=True, seed=7)
    ones = tf.ones([producer.dequeue() + 1], tf.int32)
    q = tf.PaddingFIFOQueue(capacity=10, dtypes=[tf.int32], shapes=[[None]])
    tf.train.add_queue_runner(tf.train.QueueRunner(q, [q.enqueue([ones])]))
    batch = q.dequeue_many(5)
    out = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        for _ in range(6):
            out.append([sorted(sum(r) for r in sess.run(batch).tolist())])
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return {'batches': out, 'end': 'stopped'}
