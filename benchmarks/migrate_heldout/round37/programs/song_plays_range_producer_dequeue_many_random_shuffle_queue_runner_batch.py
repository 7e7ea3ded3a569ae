"""Song-play rows indexed by a range producer, chunks of its queue re-shuffled by a RandomShuffleQueue + QueueRunner."""
import os

import numpy as np
import tensorflow as tf

tf1 = tf.compat.v1


def shuffle_tensor_index(input_queue, dequeue_many=32, **kwargs):
    dequeue_op = input_queue.dequeue_many(dequeue_many)
    dtypes = [dequeue_op.dtype]
    shapes = [dequeue_op.get_shape()[1:]]

    shuffle_queue = tf1.RandomShuffleQueue(dtypes=dtypes, shapes=shapes, **kwargs)
    shuffle_enqueue = shuffle_queue.enqueue_many([dequeue_op])
    tf1.train.add_queue_runner(tf1.train.QueueRunner(shuffle_queue, [shuffle_enqueue]))
    return shuffle_queue.dequeue()


def main(data_dir):
    folder = os.path.join(data_dir, "h37_song_plays")
    os.makedirs(folder, exist_ok=True)
    rng = np.random.RandomState(37)
    plays = np.stack([np.arange(12) + 500, rng.randint(1, 60, 12), rng.randint(0, 2, 12)], axis=1)
    np.save(os.path.join(folder, "plays.npy"), plays)

    table = tf.constant(np.load(os.path.join(folder, "plays.npy")).astype(np.int64))
    input_queue = tf1.train.range_input_producer(12, num_epochs=1, shuffle=False)
    index = shuffle_tensor_index(input_queue, dequeue_many=4, capacity=20, min_after_dequeue=4, seed=37)
    row = tf.gather(table, index)
    song_id, seconds, skipped = row[0], row[1], row[2]
    batch = tf1.train.batch([song_id, seconds, skipped], batch_size=4)

    batches = []
    with tf1.Session() as sess:
        sess.run([tf1.global_variables_initializer(), tf1.local_variables_initializer()])
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b = sess.run(batch)
                batches.append([x.tolist() for x in b])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "plays: %d" % sum(len(b[0]) for b in batches)}
