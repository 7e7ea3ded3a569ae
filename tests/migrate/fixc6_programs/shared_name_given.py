"""A shuffle stage of this module called with a shared name: the queue is shared with a server's other sessions,
so the pipeline is left as written."""
import os

import tensorflow.compat.v1 as tf



def pool_stage(tensors, capacity, seed=None, shared_name=None):
    tensors = list(tensors)
    with tf.name_scope("pool", values=tensors):
        queue = tf.RandomShuffleQueue(capacity, 2, [t.dtype for t in tensors], shapes=[[], []], seed=seed,
                                      shared_name=shared_name)
        op = queue.enqueue(tensors)
        tf.train.add_queue_runner(tf.train.QueueRunner(queue, [op]))
        return queue.dequeue()


def main(data_dir):
    folder = os.path.join(data_dir, "fixc6_shared")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(8):
            f.write("%d,w%d\n" % (i, i))
    file_queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(file_queue)
    idx, word = tf.decode_csv(line, record_defaults=[[0], [""]])
    mixed = pool_stage([idx, word], capacity=8, seed=3, shared_name="pool")
    ids, words = tf.train.batch(mixed, batch_size=2)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while True:
                i, w = sess.run([ids, words])
                batches.append([i.tolist(), [x.decode() for x in w]])
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "rows: %d" % sum(len(b[0]) for b in batches)}
